import { sql } from 'kysely';
import { createTestApp, type TestApp } from './support/test-app';
import { auth } from './support/fixtures';
import {
  createEndUser,
  createLicense,
  createLicensingWorld,
  createTrial,
  type LicensingWorld,
} from './licensing-fixtures';

// The machine is shared: starting a database and hashing passwords (scrypt) can be slow under load.
jest.setTimeout(60_000);

/** Every kept total beside the count it stands for: they must be equal after any write. */
async function keptAndCounted(t: TestApp) {
  const { rows } = await sql<{ list: string; scope_id: number; kept: string; counted: string }>`
    WITH counted AS (
      SELECT 'product_licenses' AS list, product_id AS scope_id, count(*) AS n FROM licenses GROUP BY product_id
      UNION ALL SELECT 'user_licenses', user_id, count(*) FROM licenses GROUP BY user_id
      UNION ALL SELECT 'manufacturer_end_users', manufacturer_id, count(*) FROM end_users GROUP BY manufacturer_id
      UNION ALL SELECT 'manufacturer_products', manufacturer_id, count(*) FROM products GROUP BY manufacturer_id
      UNION ALL SELECT 'product_trials', product_id, count(*) FROM trials GROUP BY product_id
    )
    SELECT coalesce(c.list, k.list) AS list, coalesce(c.scope_id, k.scope_id) AS scope_id, coalesce(k.total, 0)::text AS kept, coalesce(c.n, 0)::text AS counted
    FROM counted c FULL JOIN list_totals k ON k.list = c.list AND k.scope_id = c.scope_id
    ORDER BY 1, 2
  `.execute(t.db);
  return rows;
}

describe('kept list totals (migration 0002)', () => {
  let t: TestApp;
  let w: LicensingWorld;

  beforeAll(async () => {
    t = await createTestApp();
    w = await createLicensingWorld(t);
  });
  afterAll(() => t.close());

  const expectExact = async () => {
    const rows = await keptAndCounted(t);
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect({ ...row, kept: row.kept }).toEqual({ ...row, kept: row.counted });
  };

  it('match the counts after inserts of single rows and of many rows in one statement', async () => {
    await expectExact();
    const users = await t.db
      .insertInto('end_users')
      .values(
        Array.from({ length: 30 }, (_, n) => ({
          manufacturer_id: w.manufacturerA.id,
          email: `bulk${n}@listener.example`,
        })),
      )
      .returning('id')
      .execute();
    await t.db
      .insertInto('licenses')
      .values(
        users.map((user, n) => ({
          manufacturer_id: w.manufacturerA.id,
          product_id: w.synth.id,
          user_id: user.id,
          license_type: 'Standard',
          serial: `BULK${String(n).padStart(2, '0')}-AAAAA-BBBBB-CCCCC`,
        })),
      )
      .execute();
    await expectExact();
  });

  it('move with a transfer, stay put on a state change, and fall with a deleted trial', async () => {
    const dee = await createEndUser(t.db, w.manufacturerA.id, 'dee@listener.example');
    const moved = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/licenses/${w.annSynth.id}`,
      headers: auth(w.staffAToken),
      payload: { user_id: dee.id },
    });
    expect(moved.statusCode).toBe(200);
    const disabled = await t.app.inject({
      method: 'PATCH',
      url: '/api/v1/licenses/bulk-update',
      headers: auth(w.staffAToken),
      payload: { license_ids: [w.bobSynth.id, w.annDrums.id], disabled: true, disabled_reason: 'CancelledOrder' },
    });
    expect(disabled.statusCode).toBe(200);
    const trial = await createTrial(t.db, w.manufacturerA.id, w.synth.id, 'FP-COUNTED');
    await expectExact();
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/products/${w.synth.id}/trials/${trial.id}`,
      headers: auth(w.staffAToken),
    });
    expect(deleted.statusCode).toBeLessThan(300);
    await expectExact();
  });

  it('are what the paged lists answer as their total', async () => {
    const counted = Number(
      (await sql<{ n: string }>`SELECT count(*) AS n FROM licenses WHERE product_id = ${w.synth.id}`.execute(t.db))
        .rows[0].n,
    );
    const listed = await t.app.inject({
      method: 'GET',
      url: `/api/v1/products/${w.synth.id}/licenses?per_page=5&page=2`,
      headers: auth(w.staffAToken),
    });
    expect(listed.json().pagination.records.total).toBe(counted);
    expect(listed.json().data).toHaveLength(5);
    await createLicense(t.db, { manufacturerId: w.manufacturerA.id, productId: w.synth.id, userId: w.cy.id });
    const after = await t.app.inject({
      method: 'GET',
      url: `/api/v1/products/${w.synth.id}/licenses`,
      headers: auth(w.staffAToken),
    });
    expect(after.json().pagination.records.total).toBe(counted + 1);
  });
});
