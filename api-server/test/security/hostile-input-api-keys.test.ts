import { connect } from 'node:net';
import fc from 'fast-check';
import { createTestApp, type TestApp } from '../support/test-app';
import { buildWorld, type World } from './matrix-world';
import { tableDigestQuery } from './table-digests';

const RUNS = Number(process.env.PRODUCTHUB_FUZZ_RUNS || 12);
const KEY_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/** Authorization headers that name the Bearer scheme and carry no valid key (Latin-1 only: what HTTP can carry). */
const hostileBearer = fc.oneof(
  fc.string({ maxLength: 80 }).map((text) => `Bearer ${text}`),
  fc.string({ unit: 'binary', maxLength: 40 }).map((text) => `Bearer ${text.replace(/[^\u0020-\u00ff]/g, 'é')}`),
  fc
    .array(fc.constantFrom(...KEY_ALPHABET), { minLength: 48, maxLength: 48 })
    .map((chars) => `Bearer phk_live_${chars.join('')}`),
  fc.constantFrom(
    'Bearer',
    'Bearer ',
    'bearer phk_live_',
    'BEARER  phk_live_AAAA',
    `Bearer phk_live_${'A'.repeat(48)} extra`,
    `Bearer phk_live_${'A'.repeat(47)}`,
    `Bearer phk_live_${'A'.repeat(49)}`,
    `Bearer phk_test_${'A'.repeat(48)}`,
    `Bearer phk_live_${'é'.repeat(48)}`,
    `Bearer phk_live_${'A'.repeat(40)}%00%00%00`,
    `Bearer ${'x'.repeat(8000)}`,
    "Bearer ' OR 1=1 --",
    'Bearer ÿÿÿÿ',
  ),
);

/**
 * The Bearer header on every authenticated route: garbage, near-misses of a key, huge and non-ASCII values get the
 * same 401 (or 429 once an address has failed too often) in the error shape, never a 5xx, and change nothing.
 */
describe('hostile Bearer headers on every route', () => {
  let t: TestApp;
  let world: World;
  let digest: () => Promise<string>;

  beforeAll(async () => {
    // Every route gets a run of refused keys from one address: more than the test default of 1,000 a minute, and the
    // throttle is not what this suite is about (api-keys.test.ts holds it).
    t = await createTestApp({ loginAddressRateLimitPerMinute: 1_000_000 });
    world = await buildWorld(t);
    digest = await tableDigestQuery(t);
  }, 120_000);
  afterAll(() => t.close());

  it('answers 401 or 429 in the error shape and writes nothing', async () => {
    const before = await digest();
    const statuses = new Map<number, number>();
    const routes = t.app.routeTable.filter(
      (route) => !route.public && route.method !== 'OPTIONS' && route.url.startsWith('/api/v1/'),
    );
    expect(routes.length).toBeGreaterThan(60);
    for (const route of routes) {
      await fc.assert(
        fc.asyncProperty(hostileBearer, async (authorization) => {
          const url = route.url
            .replace(':id', String(world.manufacturerA))
            .replace(/:[A-Za-z]+/g, '1')
            .replace('*', 'x');
          const response = await t.app.inject({
            method: route.method as 'GET',
            url,
            headers: { authorization, 'content-type': 'application/json' },
            payload: route.method === 'GET' ? undefined : '{}',
          });
          statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
          const where = `${route.method} ${url} [${authorization.slice(0, 60)}] -> ${response.statusCode} ${response.body.slice(0, 200)}`;
          if (![401, 429].includes(response.statusCode)) throw new Error(`not refused: ${where}`);
          const body = JSON.parse(response.body) as { message?: unknown };
          if (!Array.isArray(body.message) || typeof body.message[0] !== 'string')
            throw new Error(`not the error shape: ${where}`);
        }),
        { numRuns: RUNS, seed: Number(process.env.PRODUCTHUB_FUZZ_SEED) || undefined },
      );
    }
    console.log(`hostile Bearer headers: answers ${JSON.stringify(Object.fromEntries(statuses))}`);
    expect(await digest()).toBe(before);
  }, 600_000);

  it('over a real connection: non-ASCII bytes, control characters and a huge header never reach a 5xx', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = new URL(address);
    const raw = (header: Buffer) =>
      new Promise<string>((resolve, reject) => {
        const socket = connect(Number(port), '127.0.0.1');
        let answer = '';
        socket.on('data', (chunk) => (answer += chunk.toString('latin1')));
        socket.on('end', () => resolve(answer));
        socket.on('error', reject);
        socket.write(
          Buffer.concat([
            Buffer.from('GET /api/v1/products HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\nAuthorization: '),
            header,
            Buffer.from('\r\n\r\n'),
          ]),
        );
      });
    const statusOf = (answer: string) => Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1]);
    const utf8 = await raw(Buffer.from(`Bearer phk_live_${'é🎛'.repeat(16)}`, 'utf8'));
    expect(statusOf(utf8)).toBe(401);
    expect(utf8).toContain('{"message":["The API key is not valid."]}');
    const control = await raw(Buffer.from('Bearer phk_live_\u0001\u0002'));
    expect(statusOf(control)).toBe(400);
    const huge = await raw(Buffer.from(`Bearer ${'A'.repeat(100_000)}`));
    expect(statusOf(huge)).toBe(431);
    // And the server still answers.
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
  });
});
