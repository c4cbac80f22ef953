import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app';
import { readConfig } from '../src/config';
import { createTestApp, type TestApp } from './support/test-app';
import { createSystemUser, PASSWORD } from './support/fixtures';
import { consumeRateLimit } from '../src/auth/rate-limits';
import { pruneExpiredRateLimits } from '../src/auth/rate-limit-sweep';

const attempt = (app: FastifyInstance, email: string, remoteAddress = '203.0.113.7', password = 'a-wrong-password') =>
  app.inject({ method: 'POST', url: '/api/v1/systemusers/login', remoteAddress, payload: { email, password } });

const LIMITS = { loginAddressRateLimitPerMinute: 10, loginRateLimitPerMinute: 5 };

describe('login limits: per address, kept in the database', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(LIMITS);
  });
  afterAll(() => t.close());

  it('limits one address trying 12 accounts, answering 429 with Retry-After; other addresses go on', async () => {
    const statuses: number[] = [];
    for (let i = 1; i <= 12; i++) statuses.push((await attempt(t.app, `account${i}@example.com`)).statusCode);
    expect(statuses).toEqual([...Array(10).fill(401), 429, 429]);
    const limited = await attempt(t.app, 'account13@example.com');
    expect(limited.statusCode).toBe(429);
    const retryAfter = Number(limited.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(limited.json()).toEqual({
      message: [
        `Too many attempts. Please wait ${retryAfter} ${retryAfter === 1 ? 'second' : 'seconds'} and try again.`,
      ],
    });
    expect((await attempt(t.app, 'account1@example.com', '203.0.113.8')).statusCode).toBe(401);
  });

  it('counts the client named by a trusted load balancer (PRODUCTHUB_TRUST_PROXY), never by anyone else', async () => {
    const config = { ...readConfig({ PRODUCTHUB_APPS_DIR: '', PRODUCTHUB_TRUST_PROXY: '192.0.2.10' }), ...LIMITS };
    const behindBalancer = await buildApp({ config, db: t.db, masterKey: t.masterKey, storage: t.storage });
    const viaBalancer = (client: string, remoteAddress = '192.0.2.10') =>
      behindBalancer.inject({
        method: 'POST',
        url: '/api/v1/systemusers/login',
        remoteAddress,
        headers: { 'x-forwarded-for': client },
        payload: { email: 'sprayed@example.com', password: 'a-wrong-password' },
      });
    try {
      const statuses: number[] = [];
      for (let i = 1; i <= 6; i++) statuses.push((await viaBalancer('203.0.113.201')).statusCode);
      expect(statuses).toEqual([...Array(5).fill(401), 429]);
      // Another customer behind the same balancer has a count of their own.
      expect((await viaBalancer('203.0.113.202')).statusCode).toBe(401);
      // A header from an address that is not the balancer names nobody: the sender itself is counted.
      const spoofed: number[] = [];
      for (let i = 1; i <= 6; i++) spoofed.push((await viaBalancer(`198.51.100.${100 + i}`, '192.0.2.99')).statusCode);
      expect(spoofed).toEqual([...Array(5).fill(401), 429]);
    } finally {
      await behindBalancer.close();
    }
  });

  it('keeps counting across a restart of the app (the counts are in the database)', async () => {
    const config = { ...readConfig({ PRODUCTHUB_APPS_DIR: '' }), ...LIMITS };
    const restarted = await buildApp({ config, db: t.db, masterKey: t.masterKey, storage: t.storage });
    try {
      expect((await attempt(restarted, 'account1@example.com')).statusCode).toBe(429);
      expect((await attempt(restarted, 'account1@example.com', '203.0.113.8')).statusCode).toBe(401);
    } finally {
      await restarted.close();
    }
  });

  it('counts an IPv6 /64 as one address', async () => {
    const statuses: number[] = [];
    for (let i = 1; i <= 11; i++)
      statuses.push((await attempt(t.app, `v6-${i}@example.com`, `2001:db8:5:6::${i.toString(16)}`)).statusCode);
    expect(statuses).toEqual([...Array(10).fill(401), 429]);
    expect((await attempt(t.app, 'v6-1@example.com', '2001:db8:5:7::1')).statusCode).toBe(401);
  });

  it('still limits one address and one account below the address limit', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await attempt(t.app, 'target@example.com', '198.51.100.1')).statusCode);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
  });
});

describe('login: failures per account across addresses', () => {
  let t: TestApp;
  // Each address may try 5 times a minute; the account takes 8 failures per 15 minutes from addresses it has not used.
  const ACROSS = {
    loginAddressRateLimitPerMinute: 100,
    loginRateLimitPerMinute: 5,
    loginAccountFailuresPer15Minutes: 8,
  };
  beforeAll(async () => {
    t = await createTestApp(ACROSS);
    await createSystemUser(t.db, 'owner@example.com', null);
    await createSystemUser(t.db, 'bystander@example.com', null);
  });
  afterAll(() => t.close());

  it('stops guessing spread over addresses, lets the owner in from an address they used, and refills', async () => {
    // The owner signed in from their office before the attack.
    expect((await attempt(t.app, 'owner@example.com', '198.51.100.50', PASSWORD)).statusCode).toBe(200);
    const statuses: number[] = [];
    for (const address of ['203.0.113.1', '203.0.113.2', '203.0.113.3', '2001:db8:aa::1'])
      for (let i = 0; i < 4; i++) statuses.push((await attempt(t.app, 'owner@example.com', address)).statusCode);
    // 8 failures from four addresses (each under its own limit of 5), then every stranger is refused.
    expect(statuses).toEqual([...Array(8).fill(401), ...Array(8).fill(429)]);
    const refused = await attempt(t.app, 'owner@example.com', '203.0.113.9', PASSWORD);
    expect(refused.statusCode).toBe(429);
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(14 * 60);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    expect(refused.json()).toEqual({
      message: [
        'Too many failed sign-ins to this account from other places. Please wait 15 minutes, or sign in from a device you have used before.',
      ],
    });
    // The owner's own address (another host of the same /64 for IPv6 would count too) still signs in.
    expect((await attempt(t.app, 'owner@example.com', '198.51.100.50', PASSWORD)).statusCode).toBe(200);
    // Other accounts are untouched, from the attackers' addresses too.
    expect((await attempt(t.app, 'bystander@example.com', '203.0.113.1', PASSWORD)).statusCode).toBe(200);
    // The window refills: after it, a stranger may try again.
    await sql`UPDATE rate_limits SET window_ends_at = now() - interval '1 second' WHERE bucket LIKE 'login:account-failures:%'`.execute(
      t.db,
    );
    expect((await attempt(t.app, 'owner@example.com', '203.0.113.9', PASSWORD)).statusCode).toBe(200);
  });

  it('counts only failures: an owner signing in often never uses up the budget', async () => {
    for (let i = 0; i < 10; i++)
      expect((await attempt(t.app, 'bystander@example.com', `192.0.2.${i + 1}`, PASSWORD)).statusCode).toBe(200);
    const rows = await t.db
      .selectFrom('rate_limits')
      .select('hits')
      .where('bucket', '=', 'login:account-failures:bystander@example.com')
      .execute();
    expect(rows).toEqual([]);
  });

  it('treats an unknown account the same (no hint whether it exists)', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 9; i++)
      statuses.push((await attempt(t.app, 'nobody@example.com', `192.0.2.${100 + i}`)).statusCode);
    expect(statuses).toEqual([...Array(8).fill(401), 429]);
  });
});

describe('login: a cap on password checks at once', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ passwordCheckConcurrency: 1 });
    await createSystemUser(t.db, 'staff@alpha.example', null);
  });
  afterAll(() => t.close());

  it('refuses checks over the cap at once with 503 and Retry-After, and serves again once a slot is free', async () => {
    const started = Date.now();
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => attempt(t.app, 'staff@alpha.example', '192.0.2.1', PASSWORD)),
    );
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses).toContain(200);
    expect(statuses).toContain(503);
    expect(statuses.every((status) => status === 200 || status === 503)).toBe(true);
    for (const busy of answers.filter((answer) => answer.statusCode === 503)) {
      expect(busy.headers['retry-after']).toBe('1');
      expect(busy.json()).toEqual({
        message: ['The server is busy with other sign-ins. Please try again in a moment.'],
      });
    }
    expect(Date.now() - started).toBeLessThan(15_000);
    expect((await attempt(t.app, 'staff@alpha.example', '192.0.2.1', PASSWORD)).statusCode).toBe(200);
  });
});

describe('consumeRateLimit', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('counts hits in a window, starts a new window when it ended; the sweep removes expired buckets only', async () => {
    const limit = { bucket: 'test:a', limit: 2, windowSeconds: 60 };
    expect(await consumeRateLimit(t.db, limit)).toEqual({ allowed: true, retryAfterSeconds: 60 });
    expect((await consumeRateLimit(t.db, limit)).allowed).toBe(true);
    const third = await consumeRateLimit(t.db, limit);
    expect(third.allowed).toBe(false);
    expect(third.retryAfterSeconds).toBeGreaterThanOrEqual(59);

    await sql`UPDATE rate_limits SET window_ends_at = now() - interval '1 second' WHERE bucket = 'test:a'`.execute(
      t.db,
    );
    expect(await consumeRateLimit(t.db, limit)).toEqual({ allowed: true, retryAfterSeconds: 60 });

    await sql`INSERT INTO rate_limits (bucket, hits, window_ends_at) SELECT 'old:' || n, 1, now() - interval '1 minute' FROM generate_series(1, 25) n`.execute(
      t.db,
    );
    const count = async () =>
      Number(
        (await sql<{ n: string }>`SELECT count(*) AS n FROM rate_limits WHERE bucket LIKE 'old:%'`.execute(t.db))
          .rows[0]!.n,
      );
    // A call counts its own buckets only; the sweep removes the expired ones, a batch at a time, and keeps live ones.
    await consumeRateLimit(t.db, { bucket: 'test:b', limit: 5, windowSeconds: 60 });
    expect(await count()).toBe(25);
    expect(await pruneExpiredRateLimits(t.db, 10)).toBe(10);
    expect(await count()).toBe(15);
    expect(await pruneExpiredRateLimits(t.db)).toBeGreaterThanOrEqual(15);
    expect(await count()).toBe(0);
    expect(await pruneExpiredRateLimits(t.db)).toBe(0);
    const live = await sql<{
      bucket: string;
    }>`SELECT bucket FROM rate_limits WHERE bucket LIKE 'test:%' ORDER BY 1`.execute(t.db);
    expect(live.rows.map((row) => row.bucket)).toEqual(['test:a', 'test:b']);
  });

  it('takes any text as a bucket, U+0000 included', async () => {
    const limit = { bucket: 'login:ip-account:203.0.113.9:a\u0000b@example.com', limit: 1, windowSeconds: 60 };
    expect((await consumeRateLimit(t.db, limit)).allowed).toBe(true);
    expect((await consumeRateLimit(t.db, limit)).allowed).toBe(false);
  });
});
