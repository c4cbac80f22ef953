import { sql } from 'kysely';
import { PORTAL_RESERVED_SLUGS } from 'shared-kit/contract';
import { createTestApp, type TestApp } from './support/test-app';

interface OpenApiDocument {
  paths: Record<string, unknown>;
}

// A portal slug is the segment after /api/v1/portal/, beside the customer routes' own segments: a manufacturer
// with such a slug would see its portal's calls answered by a customer route (or the other way round).
describe('portal slugs never clash with the customer routes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('reserves every fixed segment the portal routes use', async () => {
    const document = (await t.app.inject({ url: '/api/docs/json' })).json() as OpenApiDocument;
    const segments = new Set(
      Object.keys(document.paths)
        .map((path) => /^(?:\/api\/v1)?\/portal\/([^/]+)/.exec(path)?.[1])
        .filter((segment) => segment !== undefined && !segment.startsWith('{')),
    );
    expect(segments.size).toBeGreaterThan(0);
    expect([...segments].filter((segment) => !(PORTAL_RESERVED_SLUGS as readonly string[]).includes(segment))).toEqual(
      [],
    );
  });

  it('gives a manufacturer named after a reserved segment another slug', async () => {
    const named = await sql<{ portal_slug: string }>`
      INSERT INTO manufacturers (name) VALUES ('Browser Activations') RETURNING portal_slug`.execute(t.db);
    expect(named.rows[0].portal_slug).toBe('browser-activations-portal');
  });
});
