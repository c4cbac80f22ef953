import { Kysely, PostgresDialect, sql } from 'kysely';
import { Pool, type PoolClient } from 'pg';
import { activateBySerial } from '../src/clients/activate';
import { checkForUpdates } from '../src/clients/check-updates';
import { downloadUrlKey } from '../src/clients/download-url';
import { createProductKeyCache } from '../src/crypto/product-key-cache';
import type { Db } from '../src/db/database';
import { nameRegisteredStatements } from '../src/db/named-statements';
import type { Database } from '../src/db/schema';
import { clientLimits } from '../src/clients/routes/client-guard';
import { createTestApp, type TestApp } from './support/test-app';
import { createLicensingWorld, type LicensingWorld } from './licensing-fixtures';
import { clientPost, resetRateLimits } from './client-fixtures';
import { makeSynthFloating } from './floating-fixtures';
import { checkInLease } from '../src/floating/queries/seat-checkin';

/** What went over the wire: one entry per round trip, with the statement's name when it was sent as a named one. */
interface Sent {
  name: string | undefined;
  text: string;
}

describe('client API: round trips and named statements (docs/performance.md, "Client API")', () => {
  let t: TestApp;
  let world: LicensingWorld;
  let pool: Pool;
  let db: Db;
  const sent: Sent[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    world = await createLicensingWorld(t);
    // One connection, as a server pool hands one out, counting what it sends.
    pool = new Pool({ connectionString: t.databaseUrl, max: 1 });
    pool.on('connect', (client: PoolClient) => {
      const query = client.query.bind(client) as (...args: unknown[]) => unknown;
      (client as unknown as { query: (...args: unknown[]) => unknown }).query = (
        config: unknown,
        ...rest: unknown[]
      ) => {
        const named =
          typeof config === 'object' && config !== null ? (config as { name?: string; text: string }) : undefined;
        sent.push({ name: named?.name, text: named ? named.text : String(config) });
        return query(config, ...rest);
      };
      nameRegisteredStatements(client);
    });
    db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  });
  afterAll(async () => {
    await db.destroy();
    await t.close();
  });
  beforeEach(() => resetRateLimits(t));

  const productKeyOf = () => createProductKeyCache(t.masterKey);
  const call = (subjects: string[]) => ({
    address: '127.0.0.9',
    limits: clientLimits('127.0.0.9', subjects),
    admit: () => undefined,
  });
  const activation = {
    product_id: 0,
    serial: '',
    hardware_fingerprint: 'ROUND-TRIP-MAC',
    hardware_fingerprint_version: 2,
    signature_seed_version: 5,
  };
  /** Ann's plugin asking whether her synth has an update for macOS. */
  const annUpdateCheck = () => ({
    product_id: world.synth.id,
    serial: world.annSynth.serial,
    hardware_fingerprint: 'ROUND-TRIP-MAC',
    current_version: '1.0',
    os: 'macOS' as const,
  });
  const updateCheckContext = (subjects: string[]) => ({
    ...call(subjects),
    prefix: '/api/v1',
    downloadKey: downloadUrlKey(t.masterKey),
  });
  const hitsOf = async (bucket: string) =>
    (await sql<{ hits: number }>`SELECT hits FROM rate_limits WHERE bucket = ${bucket}`.execute(t.db)).rows[0]?.hits;

  async function roundTrips(run: () => Promise<unknown>) {
    sent.length = 0;
    await run();
    return [...sent];
  }

  it('activates in two named statements: the counted read, then the one write of record_named_client_activation', async () => {
    const body = { ...activation, product_id: world.synth.id, serial: world.annSynth.serial };
    const trips = await roundTrips(() => activateBySerial(db, productKeyOf(), call(['serial:a']), body));
    expect(trips).toHaveLength(2);
    expect(trips.every((trip) => trip.name !== undefined)).toBe(true);
    expect(trips[0].text).toContain('INSERT INTO rate_limits');
    expect(trips[1].text).toContain('record_named_client_activation');
    expect(await hitsOf('client:address:127.0.0.9')).toBe(1);
    expect(await hitsOf('client:serial:a')).toBe(1);
  });

  it('checks for updates in one named statement that counts the call and reads', async () => {
    const body = annUpdateCheck();
    const context = updateCheckContext(['fingerprint:f', 'serial:s']);
    const trips = await roundTrips(() => checkForUpdates(db, productKeyOf(), context, body, undefined));
    expect(trips).toHaveLength(1);
    expect(trips[0].name).toBeDefined();
    expect(trips[0].text).toContain('INSERT INTO rate_limits');
    expect([await hitsOf('client:fingerprint:f'), await hitsOf('client:serial:s')]).toEqual([1, 1]);
  });

  it('prepares each hot statement once per connection and reuses it', async () => {
    const body = annUpdateCheck();
    const context = updateCheckContext(['fingerprint:g']);
    for (let i = 0; i < 8; i++) await checkForUpdates(db, productKeyOf(), context, body, undefined);
    const name = (await roundTrips(() => checkForUpdates(db, productKeyOf(), context, body, undefined)))[0].name;
    const prepared = await sql<{ name: string; calls: string }>`
      SELECT name, generic_plans + custom_plans AS calls FROM pg_prepared_statements WHERE name = ${name}`.execute(db);
    expect(prepared.rows).toEqual([{ name, calls: expect.anything() }]);
    expect(Number(prepared.rows[0].calls)).toBeGreaterThanOrEqual(9);
  });

  it('counts the call in its own asynchronous commit when the read shares its statement', async () => {
    const body = annUpdateCheck();
    const context = updateCheckContext(['fingerprint:h']);
    await db.connection().execute(async (connection) => {
      await sql`BEGIN`.execute(connection);
      await checkForUpdates(connection, productKeyOf(), context, body, undefined);
      expect(
        (await sql<{ s: string }>`SELECT current_setting('synchronous_commit') AS s`.execute(connection)).rows[0]!.s,
      ).toBe('off');
      await sql`ROLLBACK`.execute(connection);
    });
  });

  it('checks a seat in without holding its counters through the disk flush: an asynchronous commit, then the flush', async () => {
    await makeSynthFloating(t, world, { seats: 2 });
    const machine = { product_id: world.synth.id, serial: world.bobSynth.serial, hardware_fingerprint: 'CHECK-IN-MAC' };
    const checkout = await clientPost(t, '/seats/checkouts', machine);
    expect(checkout.statusCode).toBe(200);
    const key = {
      productId: world.synth.id,
      serial: world.bobSynth.serial,
      hardwareFingerprint: 'CHECK-IN-MAC',
      leaseId: (
        await sql<{ id: string }>`SELECT id FROM license_leases WHERE hardware_fingerprint = 'CHECK-IN-MAC'`.execute(
          t.db,
        )
      ).rows[0]!.id,
    };
    const limits = clientLimits('127.0.0.9', ['serial:checkin']);
    const trips = await roundTrips(async () =>
      expect((await checkInLease(db, limits, key, '127.0.0.9')).row).toBeDefined(),
    );
    const label = (trip: Sent) => trip.name?.replace(/_[0-9a-f]{12}$/, '');
    expect(trips.map(label)).toEqual(['seat_checkin', 'wal_flush']);
    expect(trips[0].text).toContain(`set_config('synchronous_commit', 'off', true)`);
    // Nothing written (the lease is gone): nothing to flush.
    const again = await roundTrips(async () =>
      expect((await checkInLease(db, limits, key, '127.0.0.9')).row).toBeUndefined(),
    );
    expect(again.map(label)).toEqual(['seat_checkin']);
  });
});
