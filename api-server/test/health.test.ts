import { createTestApp, type TestApp } from './support/test-app';
import { auth, createTenants } from './support/fixtures';

describe('health, config and errors', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ environment: 'production', version: '9.9.9' });
  });
  afterAll(() => t.close());

  it('answers liveness and readiness', async () => {
    expect((await t.app.inject({ url: '/healthz' })).json()).toEqual({ status: 'ok' });
    expect((await t.app.inject({ url: '/readyz' })).json()).toEqual({ status: 'ready' });
  });

  it('serves the shell its run-time config with the remote URLs', async () => {
    const response = await t.app.inject({ url: '/config.json' });
    expect(response.json()).toEqual({
      apiBaseUrl: '/api/v1',
      environment: 'production',
      version: '9.9.9',
      remotes: {
        catalog: '/remotes/mfe-catalog/mf-manifest.json',
        licensing: '/remotes/mfe-licensing/mf-manifest.json',
        users: '/remotes/mfe-users/mf-manifest.json',
        manufacturers: '/remotes/mfe-manufacturers/mf-manifest.json',
      },
    });
  });

  it('answers unknown API paths and malformed JSON in the error shape, without internals', async () => {
    const missing = await t.app.inject({ url: '/api/v1/nothing-here' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: ['Not found'] });
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/api/v1/systemusers/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({ message: [expect.any(String)] });
    expect(malformed.body).not.toMatch(/at .*\.js:\d+/);
  });

  it('sends security headers', async () => {
    const response = await t.app.inject({ url: '/healthz' });
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });

  it('publishes an OpenAPI document generated from the route schemas', async () => {
    const response = await t.app.inject({ url: '/api/v1/openapi.json' });
    expect(response.statusCode).toBe(200);
    expect(response.json().servers).toEqual([{ url: '/api/v1' }]);
    expect(Object.keys(response.json().paths)).toEqual(
      expect.arrayContaining(['/systemusers/login', '/manufacturers/{id}']),
    );
  });
});

describe('numbers that are not finite', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp();
    token = (await createTenants(t.app, t.db)).staffAToken;
  });
  afterAll(() => t.close());

  it('refuses "1e309" or "Infinity" where the validator would coerce them to Infinity', async () => {
    for (const url of [
      '/api/v1/users?page=1e309',
      '/api/v1/products?per_page=Infinity',
      '/api/v1/manufacturers/1e309',
    ]) {
      const response = await t.app.inject({ url, headers: auth(token) });
      expect(response.statusCode).toBe(400);
      expect(response.json().message[0]).toMatch(/must be a finite number|must be integer/);
    }
  });
});
