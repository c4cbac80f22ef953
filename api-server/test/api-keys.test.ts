import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { API_KEY_PATTERN, type ApiKey, type CreatedApiKey } from 'shared-kit/contract';
import { buildApp } from '../src/app';
import { readConfig } from '../src/config';
import { createSessionCache } from '../src/auth/session-cache';
import type { PrincipalCache } from '../src/auth/principal';
import { apiKeyDb } from '../src/auth/api-key-tables';
import { createTestApp, type TestApp } from './support/test-app';
import { auth, createTenants, tableDigest } from './support/fixtures';
import { insertTestProduct } from './catalog-fixtures';

const INVALID = { message: ['The API key is not valid.'] };
const bearer = (key: string) => ({ authorization: `Bearer ${key}` });

async function untilListening(cache: { listening(): boolean }) {
  for (let i = 0; i < 200 && !cache.listening(); i++) await new Promise((resolve) => setTimeout(resolve, 25));
  expect(cache.listening()).toBe(true);
}

describe('API keys', () => {
  let t: TestApp;
  let tenants: Awaited<ReturnType<typeof createTenants>>;
  let other: FastifyInstance;
  let otherCache: PrincipalCache;
  let keysUrl: string;

  beforeAll(async () => {
    t = await createTestApp({ loginAddressRateLimitPerMinute: 5 });
    tenants = await createTenants(t.app, t.db);
    keysUrl = `/api/v1/manufacturers/${tenants.manufacturerA.id}/api-keys`;
    // A second server instance on the same database, with its own cache.
    otherCache = createSessionCache(t.databaseUrl);
    other = await buildApp({
      config: { ...readConfig({ PRODUCTHUB_APPS_DIR: '' }), loginAddressRateLimitPerMinute: 1000 },
      db: t.db,
      masterKey: t.masterKey,
      storage: t.storage,
      sessionCache: otherCache,
    });
    await other.ready();
    await untilListening(t.sessionCache);
    await untilListening(otherCache);
  });
  afterAll(async () => {
    await other.close();
    await t.close();
  });

  async function createKey(body: Record<string, unknown> = {}): Promise<CreatedApiKey> {
    const response = await t.app.inject({
      method: 'POST',
      url: keysUrl,
      headers: auth(tenants.staffAToken),
      payload: { name: 'Shop', scopes: ['read'], ...body },
    });
    expect(response.statusCode).toBe(201);
    return response.json();
  }
  const products = (app: FastifyInstance, key: string, remoteAddress = '127.0.0.1') =>
    app.inject({ method: 'GET', url: '/api/v1/products', headers: bearer(key), remoteAddress });
  const listKeys = async () =>
    (await t.app.inject({ method: 'GET', url: keysUrl, headers: auth(tenants.staffAToken) })).json().data as ApiKey[];

  it('shows the secret once, stores only its SHA-256, and lists the key by its prefix', async () => {
    const created = await createKey({ name: 'Storefront', scopes: ['read', 'orders:write'] });
    expect(created.secret).toMatch(API_KEY_PATTERN);
    expect(created.prefix).toBe(created.secret.slice(0, 'phk_live_'.length + 8));
    expect(created).toMatchObject({ name: 'Storefront', scopes: ['read', 'orders:write'], revoked_at: null });

    const row = await apiKeyDb(t.db)
      .selectFrom('api_keys')
      .selectAll()
      .where('id', '=', created.id)
      .executeTakeFirstOrThrow();
    expect(row.secret_hash.equals(createHash('sha256').update(created.secret).digest())).toBe(true);
    const stored = await sql<{ text: string }>`SELECT t::text AS text FROM api_keys t WHERE id = ${created.id}`.execute(
      t.db,
    );
    expect(stored.rows[0].text).not.toContain(created.secret.slice(created.prefix.length));

    const listed = (await listKeys()).find((key) => key.id === created.id)!;
    expect(listed).toMatchObject({ prefix: created.prefix, created_by: 'staff@alpha.example' });
    expect(JSON.stringify(await listKeys())).not.toContain(created.secret);
  });

  it('authenticates with Bearer, within its manufacturer, and records its last use at most once a minute', async () => {
    const key = await createKey();
    await insertTestProduct(t.db, t.masterKey, tenants.manufacturerB.id, { name: 'Theirs' });
    await insertTestProduct(t.db, t.masterKey, tenants.manufacturerA.id, { name: 'Ours' });
    const first = await products(t.app, key.secret);
    expect(first.statusCode).toBe(200);
    expect((first.json().data as { name: string }[]).map((product) => product.name)).toEqual(['Ours']);

    const used = (await listKeys()).find((candidate) => candidate.id === key.id)!;
    expect(used.last_used_at).not.toBeNull();
    expect(used.last_used_address).toBe('127.0.0.1');
    const uses = await tableDigest(t.db, 'api_key_uses');
    for (let n = 0; n < 5; n++) expect((await products(t.app, key.secret)).statusCode).toBe(200);
    expect((await products(other, key.secret)).statusCode).toBe(200);
    expect(await tableDigest(t.db, 'api_key_uses')).toBe(uses);
  });

  it('answers a wrong, revoked or expired key alike: 401 with no hint which', async () => {
    const live = await createKey();
    const wrongSecret = `${live.prefix}${'A'.repeat(live.secret.length - live.prefix.length)}`;
    const expired = await createKey({ expires_at: new Date(Date.now() + 1500).toISOString() });
    const revoked = await createKey();
    expect((await products(t.app, expired.secret)).statusCode).toBe(200);
    await t.app.inject({ method: 'POST', url: `${keysUrl}/${revoked.id}/revoke`, headers: auth(tenants.staffAToken) });
    await new Promise((resolve) => setTimeout(resolve, 1600));

    const answers = [];
    for (const key of [wrongSecret, expired.secret, revoked.secret, 'phk_live_short', 'garbage']) {
      const response = await products(t.app, key, '192.0.2.10');
      answers.push({ status: response.statusCode, body: response.json() });
    }
    expect(answers).toEqual(answers.map(() => ({ status: 401, body: INVALID })));
  });

  it('revocation takes effect at once on every instance, cached or not', async () => {
    const key = await createKey();
    // Both instances have the key cached.
    expect((await products(t.app, key.secret)).statusCode).toBe(200);
    expect((await products(other, key.secret)).statusCode).toBe(200);
    const tickets = [t.sessionCache.ticket(), otherCache.ticket()];
    const revoke = await t.app.inject({
      method: 'POST',
      url: `${keysUrl}/${key.id}/revoke`,
      headers: auth(tenants.staffAToken),
    });
    expect(revoke.statusCode).toBe(200);
    expect(revoke.json().revoked_at).not.toBeNull();
    // The instance that revoked forgets the key before answering; the other hears the database's notification.
    expect(await products(t.app, key.secret)).toMatchObject({ statusCode: 401 });
    for (let i = 0; i < 200 && otherCache.ticket() === tickets[1]; i++)
      await new Promise((resolve) => setTimeout(resolve, 5));
    expect(await products(other, key.secret)).toMatchObject({ statusCode: 401 });
    const again = await t.app.inject({
      method: 'POST',
      url: `${keysUrl}/${key.id}/revoke`,
      headers: auth(tenants.staffAToken),
    });
    expect(again.statusCode).toBe(409);
  });

  it("audits a key's creation with its staff member; reading with a key writes no audit row", async () => {
    const key = await createKey({ name: 'Pipeline', scopes: ['read'] });
    const history = await t.app.inject({
      method: 'GET',
      url: `/api/v1/audit-events?object_type=api_key&object_id=${key.id}`,
      headers: bearer(key.secret),
    });
    expect(history.statusCode).toBe(200);
    expect(history.json().data).toMatchObject([
      { action: 'api_key.create', actor: { type: 'user', email: 'staff@alpha.example' } },
    ]);
    const byKey = await sql<{
      n: string;
    }>`SELECT count(*) AS n FROM audit_log WHERE actor_api_key_id = ${key.id}`.execute(t.db);
    expect(Number(byKey.rows[0].n)).toBe(0); // reads write no audit rows; build-ingestion-api-key.test.ts has the writes
  });

  it('refuses what its scopes do not cover with 403 and a plain message', async () => {
    const key = await createKey({ scopes: ['builds:upload'] });
    const response = await products(t.app, key.secret);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      message: ['This API key cannot do this: its scopes (builds:upload) do not cover this request.'],
    });
    const keys = await t.app.inject({ method: 'GET', url: keysUrl, headers: bearer(key.secret) });
    expect(keys.statusCode).toBe(403);
  });

  it('checks the form: name, scopes and expiry, and nothing is written on a refusal', async () => {
    const before = await tableDigest(t.db, 'api_keys');
    const bad = [
      { name: '', scopes: ['read'] },
      { name: 'x'.repeat(101), scopes: ['read'] },
      { name: '   ', scopes: ['read'] },
      { name: 'No scopes', scopes: [] },
      { name: 'Unknown scope', scopes: ['admin'] },
      { name: 'Twice', scopes: ['read', 'read'] },
      { name: 'Past', scopes: ['read'], expires_at: '2020-01-01T00:00:00Z' },
      { name: 'Far', scopes: ['read'], expires_at: '2199-01-01T00:00:00Z' },
      { name: 'Not a date', scopes: ['read'], expires_at: 'tomorrow' },
    ];
    for (const payload of bad) {
      const response = await t.app.inject({
        method: 'POST',
        url: keysUrl,
        headers: auth(tenants.staffAToken),
        payload,
      });
      expect({ payload, status: response.statusCode }).toEqual({ payload, status: 400 });
      expect(response.json()).toEqual({ message: expect.arrayContaining([expect.any(String)]) });
    }
    expect(await tableDigest(t.db, 'api_keys')).toBe(before);
  });

  it('takes the Bearer scheme in any case and one space or more before the key, and nothing after it', async () => {
    const key = await createKey();
    const withHeader = (authorization: string) =>
      t.app.inject({ method: 'GET', url: '/api/v1/products', headers: { authorization }, remoteAddress: '192.0.2.30' });
    expect((await withHeader(`bearer ${key.secret}`)).statusCode).toBe(200);
    expect((await withHeader(`BEARER   ${key.secret}`)).statusCode).toBe(200);
    const trailing = await withHeader(`Bearer ${key.secret} extra`);
    expect({ status: trailing.statusCode, body: trailing.json() }).toEqual({ status: 401, body: INVALID });
  });

  it("does not slow a valid key for others' refused keys from its address", async () => {
    const key = await createKey();
    const address = '198.51.100.30';
    const statuses = [];
    for (let n = 0; n < 6; n++)
      statuses.push((await products(t.app, `phk_live_${'y'.repeat(48)}`, address)).statusCode);
    expect(statuses.at(-1)).toBe(429);
    expect((await products(t.app, key.secret, address)).statusCode).toBe(200);
  });

  it('lists live keys first, then expired and revoked ones, each part newest first', async () => {
    const expired = await createKey({ name: 'Expired', expires_at: new Date(Date.now() + 1200).toISOString() });
    const revoked = await createKey({ name: 'Revoked' });
    await t.app.inject({ method: 'POST', url: `${keysUrl}/${revoked.id}/revoke`, headers: auth(tenants.staffAToken) });
    const older = await createKey({ name: 'Older live' });
    await new Promise((resolve) => setTimeout(resolve, 1300));
    const newer = await createKey({ name: 'Newer live' });
    const ids = (await listKeys()).map((key) => key.id);
    const position = (id: number) => ids.indexOf(id);
    expect(position(newer.id)).toBeLessThan(position(older.id));
    expect(position(older.id)).toBeLessThan(position(revoked.id));
    expect(position(older.id)).toBeLessThan(position(expired.id));
    const live = (await listKeys()).filter(
      (key) => key.revoked_at === null && !(key.expires_at && Date.parse(key.expires_at) <= Date.now()),
    );
    expect(ids.slice(0, live.length)).toEqual(live.map((key) => key.id));
  });

  it('holds at most 50 keys that are not revoked: the 51st is a 409 that writes nothing; a revoked one frees a place', async () => {
    const keysOfB = `/api/v1/manufacturers/${tenants.manufacturerB.id}/api-keys`;
    const createAsB = (name: string) =>
      t.app.inject({
        method: 'POST',
        url: keysOfB,
        headers: auth(tenants.staffBToken),
        payload: { name, scopes: ['read'] },
      });
    const made: CreatedApiKey[] = [];
    for (let n = 0; n < 50; n++) {
      const response = await createAsB(`Key ${n}`);
      expect(response.statusCode).toBe(201);
      made.push(response.json());
    }
    const before = await tableDigest(t.db, 'api_keys');
    const over = await createAsB('One too many');
    expect(over.statusCode).toBe(409);
    expect(over.json()).toEqual({ message: [expect.stringContaining('at most 50 keys that are not revoked')] });
    expect(await tableDigest(t.db, 'api_keys')).toBe(before);
    const revoke = await t.app.inject({
      method: 'POST',
      url: `${keysOfB}/${made[0].id}/revoke`,
      headers: auth(tenants.staffBToken),
    });
    expect(revoke.statusCode).toBe(200);
    expect((await createAsB('In its place')).statusCode).toBe(201);
  });

  it("audits a revocation with its staff member, and no audit row holds a key's secret or hash", async () => {
    const key = await createKey({ name: 'Audited' });
    await t.app.inject({ method: 'POST', url: `${keysUrl}/${key.id}/revoke`, headers: auth(tenants.staffAToken) });
    const history = await t.app.inject({
      method: 'GET',
      url: `/api/v1/audit-events?object_type=api_key&object_id=${key.id}`,
      headers: auth(tenants.staffAToken),
    });
    expect(history.json().data).toMatchObject([
      { action: 'api_key.revoke', actor: { type: 'user', email: 'staff@alpha.example' } },
      { action: 'api_key.create', actor: { type: 'user', email: 'staff@alpha.example' } },
    ]);
    const hash = createHash('sha256').update(key.secret).digest('hex');
    const rows = await sql<{ text: string }>`SELECT a::text AS text FROM audit_log a
      WHERE entity_type = 'api_key' AND entity_id = ${String(key.id)}`.execute(t.db);
    expect(rows.rows).toHaveLength(2);
    for (const row of rows.rows) {
      expect(row.text).not.toContain(key.secret.slice(key.prefix.length));
      expect(row.text).not.toContain(hash);
    }
  });

  it('throttles refused keys per address: 429 with Retry-After once over the limit', async () => {
    const statuses = [];
    let retryAfter: string | undefined;
    for (let n = 0; n < 7; n++) {
      const response = await t.app.inject({
        method: 'GET',
        url: '/api/v1/products',
        headers: bearer(`phk_live_${'x'.repeat(48)}`),
        remoteAddress: '198.51.100.7',
      });
      statuses.push(response.statusCode);
      retryAfter ??= response.headers['retry-after'] as string | undefined;
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429]);
    expect(Number(retryAfter)).toBeGreaterThan(0);
  });
});
