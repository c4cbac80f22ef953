import fc from 'fast-check';
import { createTestApp, type TestApp } from '../support/test-app';
import { buildWorld, databaseDigest, type World } from './matrix-world';

const RUNS = Number(process.env.PRODUCTHUB_FUZZ_RUNS || 12);

const HOSTILE_TEXT = [
  "' OR 1=1 --",
  "'; DROP TABLE licenses; --",
  '<script>alert(1)</script>',
  '%',
  '_',
  '\\',
  'a\u0000b',
  '\uD800',
  '𝕏🎛️'.repeat(200),
  'x'.repeat(70_000),
  '../../etc/passwd',
  '${jndi:ldap://127.0.0.1/a}',
  'NaN',
  '-1',
  '1e309',
  '',
  ' ',
];

const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(...HOSTILE_TEXT),
  fc.string({ unit: 'binary' }),
  fc.integer(),
  fc.constantFrom(-1, 0, 2147483648, -2147483649, Number.MAX_SAFE_INTEGER, 1.5, 1e308),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.oneof(fc.integer(), fc.constantFrom(...HOSTILE_TEXT)), { maxLength: 5 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.string({ maxLength: 8 }), { maxKeys: 3 }),
);

const hostileParam = fc.oneof(
  fc.constantFrom('0', '-1', '2147483648', '99999999999999999999', '1.5', 'abc', '%00', '%27%20OR%201%3D1', '%3Cb%3E', '1%2F2', 'null'),
  fc.integer({ min: 1, max: 20 }).map(String),
);

interface HostileRequest {
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
}

/** Bodies aimed at a route's real fields, arbitrary JSON, malformed JSON, wrong content types, oversize. */
function hostileBody(fields: string[]): fc.Arbitrary<{ payload?: string | Buffer; contentType?: string }> {
  const aimed = fields.length
    ? fc.dictionary(fc.constantFrom(...fields, 'unknown_field', '__proto__', 'constructor'), hostileValue, { maxKeys: fields.length + 2 })
    : fc.constant({});
  return fc.oneof(
    aimed.map((body) => ({ payload: JSON.stringify(body), contentType: 'application/json' })),
    fc.jsonValue().map((body) => ({ payload: JSON.stringify(body), contentType: 'application/json' })),
    fc.constantFrom('{', '{"a":', '[1,2', 'null', '"text"', '{"a":1}}', '\u0000').map((payload) => ({ payload, contentType: 'application/json' })),
    fc.constantFrom('text/plain', 'application/x-www-form-urlencoded', 'application/xml', 'multipart/form-data; boundary=x').map((contentType) => ({ payload: 'email=a&password=b', contentType })),
    fc.constant({ payload: Buffer.alloc(2 * 1024 * 1024, 'a'), contentType: 'application/json' }),
    fc.constant({}),
  );
}

const LEAKS = [/\bat .+:\d+:\d+\)?/, /node_modules/, /syntax error at or near/i, /\bSELECT\b.*\bFROM\b/i, /relation "/i, /duplicate key value/i, /violates .* constraint/i];

describe('hostile input on every route', () => {
  let t: TestApp;
  let world: World;

  beforeAll(async () => {
    t = await createTestApp();
    world = await buildWorld(t);
  }, 120_000);
  afterAll(() => t.close());

  it('is covering the whole route table', () => {
    expect(t.app.routeTable.length).toBeGreaterThan(30);
  });

  it('never answers a 5xx or internals, and a refused request changes nothing', async () => {
    const statuses = new Map<number, number>();
    for (const route of t.app.routeTable) {
      // Logout takes no input but the token, and would end the session every later request uses.
      if (route.method === 'OPTIONS' || route.url === '/api/v1/systemusers/logout') continue;
      const mutating = route.method !== 'GET';
      await fc.assert(
        fc.asyncProperty(
          fc.array(hostileParam, { minLength: 4, maxLength: 4 }),
          fc.dictionary(fc.constantFrom(...route.queryFields, 'page', 'per_page', 'zzz'), fc.oneof(fc.constantFrom(...HOSTILE_TEXT), fc.integer().map(String)), { maxKeys: 4 }),
          mutating ? hostileBody(route.bodyFields) : fc.constant({}),
          async (params, query, body) => {
            let index = 0;
            const path = route.url.replace(/:[A-Za-z]+/g, () => params[index++]).replace('*', 'x');
            const search = new URLSearchParams(query as Record<string, string>).toString();
            const request: HostileRequest = {
              url: search ? `${path}?${search}` : path,
              headers: { authorization: `MSession ${world.tokens.staffA}`, ...(body.contentType ? { 'content-type': body.contentType } : {}) },
              payload: body.payload,
            };
            const before = mutating ? await databaseDigest(t) : '';
            const response = await t.app.inject({ method: route.method as 'GET', ...request });
            statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
            const where = `${route.method} ${request.url.slice(0, 200)} -> ${response.statusCode} ${response.body.slice(0, 300)}`;
            if (response.statusCode >= 500) throw new Error(`5xx: ${where}`);
            for (const leak of LEAKS) if (leak.test(response.body) && response.statusCode >= 400) throw new Error(`internals leaked: ${where}`);
            if (response.statusCode >= 400) {
              const parsed = JSON.parse(response.body) as { message?: unknown };
              if (!Array.isArray(parsed.message) || typeof parsed.message[0] !== 'string') throw new Error(`not the error shape: ${where}`);
              if (mutating && (await databaseDigest(t)) !== before) throw new Error(`a refused request changed the database: ${where}`);
            }
          },
        ),
        { numRuns: RUNS, seed: Number(process.env.PRODUCTHUB_FUZZ_SEED) || undefined },
      );
    }
    // The inputs must reach the handlers too, not only bounce off validation.
    const total = [...statuses.values()].reduce((sum, n) => sum + n, 0);
    const pastValidation = [...statuses].filter(([status]) => status !== 400).reduce((sum, [, n]) => sum + n, 0);
    console.log(`hostile input: ${total} requests, answers ${JSON.stringify(Object.fromEntries(statuses))}`);
    expect(total).toBeGreaterThanOrEqual(RUNS * 35);
    expect(pastValidation / total).toBeGreaterThan(0.2);
  }, 600_000);
});
