import { sql } from 'kysely';
import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app';
import { readConfig } from '../src/config';
import { createSessionCache } from '../src/auth/session-cache';
import { setSystemUserDisabled } from '../src/admin/set-user-disabled';
import type { Principal, PrincipalCache } from '../src/auth/principal';
import { createTestApp, type TestApp } from './support/test-app';
import { auth, createManufacturer, createSystemUser, login } from './support/fixtures';

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

async function untilListening(cache: { listening(): boolean }) {
  for (let i = 0; i < 200 && !cache.listening(); i++) await new Promise((resolve) => setTimeout(resolve, 25));
  expect(cache.listening()).toBe(true);
}

/**
 * Runs a change made outside the request path and waits until every given cache has heard of it. The
 * notification comes at commit, on another connection than the writer's acknowledgement, so "at once" means
 * within that delivery (well under a millisecond on loopback); a change that sends none times out here.
 */
async function changeAndHear(caches: PrincipalCache[], change: () => Promise<unknown>) {
  const tickets = caches.map((cache) => cache.ticket());
  await change();
  for (let i = 0; i < 200 && caches.some((cache, k) => cache.ticket() === tickets[k]); i++)
    await new Promise((resolve) => setTimeout(resolve, 5));
  expect(caches.map((cache, k) => cache.ticket() !== tickets[k])).toEqual(caches.map(() => true));
}

describe('session cache: a cached session ends at once', () => {
  let t: TestApp;
  let other: FastifyInstance;
  let otherCache: PrincipalCache;
  let manufacturerId: number;
  let n = 0;

  const me = (app: FastifyInstance, token: string) =>
    app.inject({ method: 'GET', url: '/api/v1/systemusers/me', headers: auth(token) });

  /** A fresh staff login whose session is cached by the first request. */
  async function cachedStaff() {
    const email = `staff${++n}@alpha.example`;
    const user = await createSystemUser(t.db, email, manufacturerId);
    const token = await login(t.app, email);
    expect((await me(t.app, token)).statusCode).toBe(200);
    return { user, token, email };
  }

  beforeAll(async () => {
    t = await createTestApp();
    // A second server instance on the same database, with its own cache.
    otherCache = createSessionCache<Principal>(t.databaseUrl);
    other = await buildApp({
      config: { ...readConfig({ PRODUCTHUB_APPS_DIR: '' }), loginRateLimitPerMinute: 1000 },
      db: t.db,
      masterKey: t.masterKey,
      storage: t.storage,
      sessionCache: otherCache,
    });
    await other.ready();
    manufacturerId = (await createManufacturer(t.db, 'Alpha Audio')).id;
    await untilListening(t.sessionCache);
    await untilListening(otherCache);
  });
  afterAll(async () => {
    await other.close();
    await t.close();
  });

  it('serves a cached session without the database (a change hidden from the triggers goes unseen)', async () => {
    // Proves the cache is really in the path, so the tests below could fail: a revocation written with
    // triggers off (replica role) sends no notification, and the cached session still answers.
    const { token } = await cachedStaff();
    await t.db.connection().execute(async (connection) => {
      await sql`SET session_replication_role = replica`.execute(connection);
      await sql`UPDATE sessions SET revoked_at = now() WHERE token_hash = ${hashOf(token)}`.execute(connection);
      await sql`SET session_replication_role = DEFAULT`.execute(connection);
    });
    expect((await me(t.app, token)).statusCode).toBe(200);
  });

  it('refuses a logged-out token at once, on this instance and on another', async () => {
    const { token } = await cachedStaff();
    expect((await me(other, token)).statusCode).toBe(200);
    let logout = 0;
    await changeAndHear([otherCache], async () => {
      logout = (await t.app.inject({ method: 'POST', url: '/api/v1/systemusers/logout', headers: auth(token) }))
        .statusCode;
      // This instance evicts in the logout request itself, before any notification.
      expect((await me(t.app, token)).statusCode).toBe(401);
    });
    expect(logout).toBe(204);
    expect((await me(other, token)).statusCode).toBe(401);
  });

  it('refuses the sessions of a user disabled straight in the database', async () => {
    const { user, token } = await cachedStaff();
    await changeAndHear([t.sessionCache], () =>
      t.db.updateTable('system_users').set({ disabled: true }).where('id', '=', user.id).execute(),
    );
    expect((await me(t.app, token)).statusCode).toBe(401);
  });

  it('refuses a session deleted straight in the database', async () => {
    const { token } = await cachedStaff();
    await changeAndHear([t.sessionCache], () =>
      t.db.deleteFrom('sessions').where('token_hash', '=', hashOf(token)).execute(),
    );
    expect((await me(t.app, token)).statusCode).toBe(401);
  });

  it('refuses the sessions of a user disabled by `admin disable-user`', async () => {
    const { token, email } = await cachedStaff();
    expect((await me(other, token)).statusCode).toBe(200);
    await changeAndHear([t.sessionCache, otherCache], () => setSystemUserDisabled(t.db, email, true));
    expect((await me(t.app, token)).statusCode).toBe(401);
    expect((await me(other, token)).statusCode).toBe(401);
  });

  it('answers a renamed manufacturer at once', async () => {
    const { token } = await cachedStaff();
    await changeAndHear([t.sessionCache], () =>
      t.db.updateTable('manufacturers').set({ name: 'Alpha Audio Renamed' }).where('id', '=', manufacturerId).execute(),
    );
    expect((await me(t.app, token)).json().manufacturer).toEqual({ id: manufacturerId, name: 'Alpha Audio Renamed' });
  });

  it('refuses a session once its expiry passes, though it was cached before', async () => {
    const { token } = await cachedStaff();
    await changeAndHear([t.sessionCache], () =>
      t.db
        .updateTable('sessions')
        .set({ expires_at: sql<Date>`now() + interval '1500 milliseconds'` })
        .where('token_hash', '=', hashOf(token))
        .execute(),
    );
    // Read again (the update evicted it) and cached with the new expiry.
    expect((await me(t.app, token)).statusCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 1700));
    expect((await me(t.app, token)).statusCode).toBe(401);
  });

  it('trusts nothing while its listener is gone', async () => {
    const { token } = await cachedStaff();
    await sql`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE query ILIKE 'LISTEN %' AND datname = current_database()`.execute(
      t.db,
    );
    for (let i = 0; i < 100 && t.sessionCache.listening(); i++) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(t.sessionCache.listening()).toBe(false);
    // Revoked without a notification (nobody listens): the request must read the database.
    await t.db
      .updateTable('sessions')
      .set({ revoked_at: sql<Date>`now()` })
      .where('token_hash', '=', hashOf(token))
      .execute();
    expect((await me(t.app, token)).statusCode).toBe(401);
    // It reconnects by itself and caches again.
    await untilListening(t.sessionCache);
    const again = await cachedStaff();
    expect((await me(t.app, again.token)).statusCode).toBe(200);
  });
});
