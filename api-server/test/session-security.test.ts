import { sql } from 'kysely';
import { createHash } from 'node:crypto';
import { createTestApp, type TestApp } from './support/test-app';
import { auth, createTenants, login } from './support/fixtures';
import { insertTestProduct, sha256Hex } from './catalog-fixtures';

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

async function untilListening(cache: { listening(): boolean }) {
  for (let i = 0; i < 200 && !cache.listening(); i++) await new Promise((resolve) => setTimeout(resolve, 25));
  expect(cache.listening()).toBe(true);
}

describe('sessions: idle timeout, cookie scope and no-store answers', () => {
  let t: TestApp;
  let tenants: Awaited<ReturnType<typeof createTenants>>;
  let productId: number;
  let fileUrl: string;
  const file = Buffer.from('installer bytes');

  const me = (token: string) => t.app.inject({ method: 'GET', url: '/api/v1/systemusers/me', headers: auth(token) });
  const lastUsed = async (token: string) =>
    (
      await t.db
        .selectFrom('sessions')
        .select('last_used_at')
        .where('token_hash', '=', hashOf(token))
        .executeTakeFirstOrThrow()
    ).last_used_at;
  /** Drops the session from the server's cache, so the next call reads (and touches) its row. */
  const evictCachedSession = async (token: string) => {
    const session = await t.db
      .selectFrom('sessions')
      .select('id')
      .where('token_hash', '=', hashOf(token))
      .executeTakeFirstOrThrow();
    t.sessionCache.evictSession(session.id);
  };
  const backdate = (token: string, seconds: number) =>
    t.db
      .updateTable('sessions')
      .set({ last_used_at: sql<Date>`now() - make_interval(secs => ${seconds})` })
      .where('token_hash', '=', hashOf(token))
      .execute();

  beforeAll(async () => {
    t = await createTestApp();
    tenants = await createTenants(t.app, t.db);
    productId = (await insertTestProduct(t.db, t.masterKey, tenants.manufacturerA.id, { name: 'Reverb' })).id;
    const build = await t.app.inject({
      method: 'POST',
      url: `/api/v1/products/${productId}/builds`,
      headers: auth(tenants.staffAToken),
      payload: {
        os: 'macOS',
        major: 1,
        minor: 0,
        revision: 0,
        build_number: 1,
        files: [{ name: 'Reverb.pkg', size: file.length, sha256: sha256Hex(file) }],
      },
    });
    expect(build.statusCode).toBe(201);
    fileUrl = `/api/v1/products/${productId}/builds/${build.json().id}/files/Reverb.pkg`;
    const upload = await t.app.inject({
      method: 'PUT',
      url: fileUrl,
      headers: { ...auth(tenants.staffAToken), 'content-type': 'application/octet-stream' },
      payload: file,
    });
    expect(upload.statusCode).toBe(200);
  });
  afterAll(() => t.close());

  describe('idle timeout', () => {
    it('ends a session unused for 30 minutes, though its 24 hours are not over', async () => {
      const idle = await login(t.app, 'super@example.com');
      await backdate(idle, 30 * 60 + 1);
      const response = await me(idle);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ message: ['Authentication required. Please sign in.'] });
    });

    it('keeps a session in use alive, recording its use at most once a minute', async () => {
      const token = await login(t.app, 'super@example.com');
      await backdate(token, 29 * 60);
      await evictCachedSession(token);
      expect((await me(token)).statusCode).toBe(200);
      const touched = await lastUsed(token);
      expect(Date.now() - touched.getTime()).toBeLessThan(60_000);
      // Used again within the minute: no new write.
      await evictCachedSession(token);
      expect((await me(token)).statusCode).toBe(200);
      expect((await lastUsed(token)).getTime()).toBe(touched.getTime());
    });
  });

  describe('the authorization cookie', () => {
    const cookie = () => ({ cookie: `authorization=MSession%20${tenants.staffAToken}` });

    it('is refused by lists and other reads', async () => {
      for (const url of ['/api/v1/products', '/api/v1/systemusers/me', `/api/v1/products/${productId}`]) {
        const response = await t.app.inject({ method: 'GET', url, headers: cookie() });
        expect([url, response.statusCode]).toEqual([url, 401]);
      }
      const bare = await t.app.inject({
        method: 'GET',
        url: '/api/v1/products',
        cookies: { authorization: tenants.staffAToken },
      });
      expect(bare.statusCode).toBe(401);
    });

    it('is honoured by a build-file download', async () => {
      const response = await t.app.inject({ method: 'GET', url: fileUrl, headers: cookie() });
      expect(response.statusCode).toBe(200);
      expect(response.rawPayload.equals(file)).toBe(true);
    });
  });

  describe('Cache-Control: no-store', () => {
    it('is on every API answer, success or error', async () => {
      const answers = {
        me: await me(tenants.staffAToken),
        list: await t.app.inject({ method: 'GET', url: '/api/v1/products', headers: auth(tenants.staffAToken) }),
        download: await t.app.inject({ method: 'GET', url: fileUrl, headers: auth(tenants.staffAToken) }),
        notFound: await t.app.inject({
          method: 'GET',
          url: '/api/v1/products/999999',
          headers: auth(tenants.staffAToken),
        }),
        invalid: await t.app.inject({
          method: 'POST',
          url: '/api/v1/products',
          headers: auth(tenants.staffAToken),
          payload: { name: 42 },
        }),
        forbidden: await t.app.inject({ method: 'GET', url: '/api/v1/products', headers: auth(tenants.superToken) }),
        unauthenticated: await t.app.inject({ method: 'GET', url: '/api/v1/products' }),
        login: await t.app.inject({
          method: 'POST',
          url: '/api/v1/systemusers/login',
          payload: { email: 'super@example.com', password: 'Correct-Horse-42' },
        }),
      };
      const statuses = Object.fromEntries(
        Object.entries(answers).map(([name, response]) => [name, response.statusCode]),
      );
      expect(statuses).toEqual({
        me: 200,
        list: 200,
        download: 200,
        notFound: 404,
        invalid: 400,
        forbidden: 403,
        unauthenticated: 401,
        login: 200,
      });
      for (const [name, response] of Object.entries(answers))
        expect([name, response.headers['cache-control']]).toEqual([name, 'no-store']);
    });
  });
});

describe('sessions: the session cache keeps the idle timeout', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ sessionIdleMinutes: 1 });
    await createTenants(t.app, t.db);
    await untilListening(t.sessionCache);
  });
  afterAll(() => t.close());

  it('stops serving a cached session once it has been idle too long', async () => {
    const token = await login(t.app, 'super@example.com');
    // Last used 55 s ago: not yet a minute old, so this read records nothing and the session idles out in ~5 s.
    await t.db
      .updateTable('sessions')
      .set({ last_used_at: sql<Date>`now() - interval '55 seconds'` })
      .where('token_hash', '=', hashOf(token))
      .execute();
    const headers = auth(token);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/systemusers/me', headers })).statusCode).toBe(200);
    expect(t.sessionCache.get(hashOf(token))).toBeDefined();
    const left = await sql<{
      ms: number;
    }>`SELECT (extract(epoch FROM last_used_at + interval '1 minute' - now()) * 1000)::integer AS ms FROM sessions WHERE token_hash = ${hashOf(token)}`.execute(
      t.db,
    );
    // Well inside the cache's own 10 s: only the idle expiry can end the cached entry.
    expect(left.rows[0]!.ms).toBeLessThan(6_000);
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, left.rows[0]!.ms) + 500));
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/systemusers/me', headers })).statusCode).toBe(401);
  });
});
