import { createTestApp, type TestApp } from '../support/test-app';
import { hashPassword } from '../../src/auth/password';
import { newSessionToken } from '../../src/auth/session-token';

describe('secrets at rest', () => {
  it("hashes passwords with scrypt at OWASP's minimum or above (N=2^17, r=8, p=1) and a random salt", async () => {
    const [first, second] = [await hashPassword('Same-Password-1'), await hashPassword('Same-Password-1')];
    const [scheme, n, r, p, salt] = first.split('$');
    expect(scheme).toBe('scrypt');
    expect(Number(n)).toBeGreaterThanOrEqual(2 ** 17);
    expect(Number(r)).toBeGreaterThanOrEqual(8);
    expect(Number(p)).toBeGreaterThanOrEqual(1);
    expect(Buffer.from(salt, 'base64url').length).toBeGreaterThanOrEqual(16);
    expect(first).not.toBe(second);
  });

  it('makes session tokens of at least 128 random bits', () => {
    const tokens = new Set(Array.from({ length: 1000 }, newSessionToken));
    expect(tokens.size).toBe(1000);
    for (const token of tokens) expect(Buffer.from(token, 'base64url').length * 8).toBeGreaterThanOrEqual(128);
  });
});

describe('security headers and CORS', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      remotesConfig: JSON.stringify({ users: 'https://cdn.example.com/mfe-users/2.0.0/mf-manifest.json' }),
      corsOrigins: ['https://partner.example.com'],
    });
  });
  afterAll(() => t.close());

  it('lets the page load scripts and manifests from the configured remote origins and nowhere else', async () => {
    const csp = (await t.app.inject({ url: '/config.json' })).headers['content-security-policy'] as string;
    const directive = (name: string) =>
      csp
        .split(';')
        .find((part) => part.trim().startsWith(`${name} `))
        ?.trim();
    expect(directive('script-src')).toBe("script-src 'self' https://cdn.example.com");
    expect(directive('connect-src')).toBe("connect-src 'self' https://cdn.example.com");
    expect(directive('frame-ancestors')).toBe("frame-ancestors 'none'");
    expect(directive('default-src')).toBe("default-src 'self'");
  });

  it('answers CORS only for allowed origins', async () => {
    const allowed = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/v1/products',
      headers: { origin: 'https://partner.example.com', 'access-control-request-method': 'GET' },
    });
    expect(allowed.headers['access-control-allow-origin']).toBe('https://partner.example.com');
    const other = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/v1/products',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'GET' },
    });
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
    const simple = await t.app.inject({ url: '/healthz', headers: { origin: 'https://evil.example' } });
    expect(simple.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('CORS with no origin configured', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ corsOrigins: [] });
  });
  afterAll(() => t.close());

  it('answers a preflight 404 in the API shape and adds no CORS header anywhere', async () => {
    const preflight = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/v1/products',
      headers: { origin: 'https://partner.example.com', 'access-control-request-method': 'GET' },
    });
    expect(preflight.statusCode).toBe(404);
    expect(preflight.json()).toEqual({ message: ['Not found'] });
    const simple = await t.app.inject({ url: '/healthz', headers: { origin: 'https://partner.example.com' } });
    for (const answer of [preflight, simple])
      expect(
        Object.keys(answer.headers).filter((name) => name.startsWith('access-control-') || name === 'vary'),
      ).toEqual([]);
  });
});
