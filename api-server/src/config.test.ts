/** @jest-environment node */
import { ConfigError, readConfig } from './config';

describe('request time limits', () => {
  it('have sane defaults', () => {
    expect(readConfig({}).timeouts).toEqual({
      headersMs: 10_000,
      requestMs: 600_000,
      idleMs: 30_000,
      keepAliveMs: 72_000,
    });
  });
  it('are read from the environment', () => {
    const env = {
      PRODUCTHUB_HEADERS_TIMEOUT_MS: '2000',
      PRODUCTHUB_REQUEST_TIMEOUT_MS: '0',
      PRODUCTHUB_IDLE_TIMEOUT_MS: '3000',
      PRODUCTHUB_KEEP_ALIVE_TIMEOUT_MS: '4000',
    };
    expect(readConfig(env).timeouts).toEqual({ headersMs: 2000, requestMs: 0, idleMs: 3000, keepAliveMs: 4000 });
  });
  it('refuse values Node would reject or that would leave headers unlimited', () => {
    expect(() => readConfig({ PRODUCTHUB_HEADERS_TIMEOUT_MS: '0' })).toThrow(ConfigError);
    expect(() => readConfig({ PRODUCTHUB_HEADERS_TIMEOUT_MS: '5000', PRODUCTHUB_REQUEST_TIMEOUT_MS: '1000' })).toThrow(
      ConfigError,
    );
    expect(() => readConfig({ PRODUCTHUB_IDLE_TIMEOUT_MS: 'soon' })).toThrow(ConfigError);
  });

  it('reads the public URL, by default this server on loopback, without a trailing slash', () => {
    expect(readConfig({ PORT: '9000' }).publicUrl).toBe('http://127.0.0.1:9000');
    expect(readConfig({ PRODUCTHUB_PUBLIC_URL: 'https://licences.example.com/hub/' }).publicUrl).toBe(
      'https://licences.example.com/hub',
    );
    expect(() => readConfig({ PRODUCTHUB_PUBLIC_URL: 'ftp://example.com' })).toThrow(ConfigError);
    expect(() => readConfig({ PRODUCTHUB_PUBLIC_URL: 'not a url' })).toThrow(ConfigError);
  });
});
