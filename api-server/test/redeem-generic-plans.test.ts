import { Kysely, PostgresDialect } from 'kysely';
import { Pool } from 'pg';
import type { Database } from '../src/db/schema';
import { nameRegisteredStatements } from '../src/db/named-statements';
import { redeemSerial } from '../src/batches/redeem';
import { redeemRateLimits } from '../src/batches/redeem-limits';
import { createTestApp, type TestApp } from './support/test-app';
import { auth } from './support/fixtures';
import { createLicensingWorld, type LicensingWorld } from './licensing-fixtures';

jest.setTimeout(120_000);

/**
 * A named statement pays its planning once only when PostgreSQL keeps its generic plan (see
 * named-statements-generic-plans.test.ts): the redeem's read (with its rate-limit count) and write must keep theirs.
 */
describe("the redeem's named statements", () => {
  let t: TestApp;
  let world: LicensingWorld;

  beforeAll(async () => {
    t = await createTestApp();
    world = await createLicensingWorld(t);
  });
  afterAll(() => t.close());

  it('keep their generic plans: the counted read and the write', async () => {
    const made = await t.app.inject({
      method: 'POST',
      url: `/api/v1/products/${world.synth.id}/batches`,
      headers: auth(world.staffAToken),
      payload: { license_type: 'Standard', count: 12, reseller: 'Shop' },
    });
    expect(made.statusCode).toBe(201);
    const serials = (
      await t.db.selectFrom('batch_serials').select('serial').where('batch_id', '=', made.json().id).execute()
    ).map((row) => row.serial);
    const pool = new Pool({ connectionString: t.databaseUrl, max: 1 });
    pool.on('connect', nameRegisteredStatements);
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    const customer = {
      sessionId: 0,
      endUserId: world.ann.id,
      email: world.ann.email,
      manufacturerId: world.manufacturerA.id,
      manufacturerName: '',
      slug: '',
    };
    try {
      const limits = redeemRateLimits({ perCustomer: 1_000, perAddress: 1_000 }, '127.0.0.9', world.ann.id);
      for (const serial of serials) {
        const outcome = await redeemSerial(db, customer, serial, 'http://127.0.0.1:1', limits);
        expect('redeemed' in outcome).toBe(true);
      }
      const { rows } = await pool.query<{ name: string; generic_plans: string; custom_plans: string }>(
        "SELECT name, generic_plans::text, custom_plans::text FROM pg_prepared_statements WHERE name LIKE 'redeem_%'",
      );
      expect(rows.map((row) => row.name.replace(/_[0-9a-f]{12}$/, '')).sort()).toEqual(['redeem_read', 'redeem_write']);
      for (const row of rows)
        expect({ name: row.name, custom: Number(row.custom_plans) }).toEqual({ name: row.name, custom: 5 });
    } finally {
      await db.destroy();
    }
  });
});
