import { parseRuntimeConfig, RuntimeConfigError } from './runtime-config';

describe('parseRuntimeConfig', () => {
  it('makes remote URLs absolute against the page', () => {
    const config = parseRuntimeConfig(
      {
        apiBaseUrl: '/api/v1',
        environment: 'production',
        version: '1.2.3',
        remotes: {
          catalog: '/remotes/mfe-catalog/mf-manifest.json',
          users: 'https://cdn.example/users/mf-manifest.json',
        },
      },
      'http://127.0.0.1:8080/Home/Dashboard',
    );
    expect(config.remotes).toEqual({
      catalog: 'http://127.0.0.1:8080/remotes/mfe-catalog/mf-manifest.json',
      users: 'https://cdn.example/users/mf-manifest.json',
    });
    expect(config.environment).toBe('production');
  });

  it('rejects a config without remotes or with a bad URL', () => {
    expect(() => parseRuntimeConfig({ apiBaseUrl: '/api/v1' }, 'http://x/')).toThrow(RuntimeConfigError);
    expect(() => parseRuntimeConfig(null, 'http://x/')).toThrow(RuntimeConfigError);
    expect(() => parseRuntimeConfig({ apiBaseUrl: '/api/v1', remotes: { a: 1 } }, 'http://x/')).toThrow("remote 'a'");
  });
});
