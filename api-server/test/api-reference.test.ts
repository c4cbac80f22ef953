import { API_REFERENCE_PATH_ORDER, inReferenceOrder } from '../src/plugins/api-reference-order';
import { createTestApp, type TestApp } from './support/test-app';

interface OpenApiDocument {
  paths: Record<string, Record<string, { tags?: string[] }>>;
}

describe('API reference at /api/docs', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('serves Swagger UI from our own origin, under the app CSP (no CDN, no inline script)', async () => {
    const page = await t.app.inject({ url: '/api/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('ProductHub API reference');
    const scripts = [...page.body.matchAll(/<script([^>]*)>/g)].map((match) => match[1]);
    expect(scripts.length).toBeGreaterThan(0);
    for (const attributes of scripts) expect(attributes).toMatch(/src="\/api\/docs\/static\/[\w.-]+\.js"/);
    expect(page.body).not.toMatch(/https?:\/\//);
    const csp = page.headers['content-security-policy'] as string;
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-eval');

    for (const asset of [
      'swagger-ui-bundle.js',
      'swagger-ui-standalone-preset.js',
      'swagger-initializer.js',
      'swagger-ui.css',
    ]) {
      const response = await t.app.inject({ url: `/api/docs/static/${asset}` });
      expect(`${asset} ${response.statusCode}`).toBe(`${asset} 200`);
    }
  });

  it('renders the API document, with the client routes under their own tag, apart from the console routes', async () => {
    const rendered = (await t.app.inject({ url: '/api/docs/json' })).json() as OpenApiDocument;
    const published = (await t.app.inject({ url: '/api/v1/openapi.json' })).json() as OpenApiDocument;
    expect(rendered).toEqual(published);

    const operations = Object.entries(published.paths).flatMap(([path, methods]) =>
      Object.values(methods).map((operation) => ({ path, tags: operation.tags ?? [] })),
    );
    const clientCalls = operations.filter((operation) => operation.tags.includes('client API'));
    expect(clientCalls.map((operation) => operation.path)).toEqual(
      expect.arrayContaining([
        '/clients/app/trials',
        '/clients/app/activations',
        '/clients/app/deactivations',
        '/clients/app/validations',
        '/clients/app/update-checks',
      ]),
    );
    expect(clientCalls.every((operation) => operation.path.startsWith('/clients/app/'))).toBe(true);
    const consoleCalls = operations.filter((operation) => !operation.tags.includes('client API'));
    expect(consoleCalls.length).toBeGreaterThan(20);
    expect(consoleCalls.some((operation) => operation.path === '/products')).toBe(true);
  });

  it('lists every path in the reference order, whatever order the domains register their routes in', async () => {
    const published = (await t.app.inject({ url: '/api/v1/openapi.json' })).json() as OpenApiDocument;
    // A path missing from the order (a new route) would come last: it is to be added to the order, in its area.
    expect(Object.keys(published.paths)).toEqual(API_REFERENCE_PATH_ORDER);
    // A path the order does not list goes after every listed one, in the order it came.
    const unordered = { '/z-new': 1, '/products': 2, '/a-new': 3, '/systemusers/login': 4 };
    expect(Object.keys(inReferenceOrder(unordered))).toEqual(['/systemusers/login', '/products', '/z-new', '/a-new']);
  });

  it('answers an unknown asset with the API error shape', async () => {
    const response = await t.app.inject({ url: '/api/docs/static/nothing-here.js' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: [expect.any(String)] });
  });
});
