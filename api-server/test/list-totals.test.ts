import { sql } from 'kysely';
import { appForSuite, type TestApp } from './support/test-app';
import { auth } from './support/fixtures';
import { createEndUser, createLicense, createLicensingWorld, createTrial } from './licensing-fixtures';

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
  const suite = appForSuite(createLicensingWorld);

  const expectExact = async () => {
    const rows = await keptAndCounted(suite.t);
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect({ ...row, kept: row.kept }).toEqual({ ...row, kept: row.counted });
  };

  it('match the counts after inserts of single rows and of many rows in one statement', async () => {
    await expectExact();
    const users = await suite.t.db
      .insertInto('end_users')
      .values(
        Array.from({ length: 30 }, (_, n) => ({
          manufacturer_id: suite.world.manufacturerA.id,
          email: `bulk${n}@listener.example`,
        })),
      )
      .returning('id')
      .execute();
    await suite.t.db
      .insertInto('licenses')
      .values(
        users.map((user, n) => ({
          manufacturer_id: suite.world.manufacturerA.id,
          product_id: suite.world.synth.id,
          user_id: user.id,
          license_type: 'Standard',
          serial: `BULK${String(n).padStart(2, '0')}-AAAAA-BBBBB-CCCCC`,
        })),
      )
      .execute();
    await expectExact();
  });

  it('move with a transfer, stay put on a state change, and fall with a deleted trial', async () => {
    const dee = await createEndUser(suite.t.db, suite.world.manufacturerA.id, 'dee@listener.example');
    const moved = await suite.t.app.inject({
      method: 'PATCH',
      url: `/api/v1/licenses/${suite.world.annSynth.id}`,
      headers: auth(suite.world.staffAToken),
      payload: { user_id: dee.id },
    });
    expect(moved.statusCode).toBe(200);
    const disabled = await suite.t.app.inject({
      method: 'PATCH',
      url: '/api/v1/licenses/bulk-update',
      headers: auth(suite.world.staffAToken),
      payload: {
        license_ids: [suite.world.bobSynth.id, suite.world.annDrums.id],
        disabled: true,
        disabled_reason: 'CancelledOrder',
      },
    });
    expect(disabled.statusCode).toBe(200);
    const trial = await createTrial(suite.t.db, suite.world.manufacturerA.id, suite.world.synth.id, 'FP-COUNTED');
    await expectExact();
    const deleted = await suite.t.app.inject({
      method: 'DELETE',
      url: `/api/v1/products/${suite.world.synth.id}/trials/${trial.id}`,
      headers: auth(suite.world.staffAToken),
    });
    expect(deleted.statusCode).toBeLessThan(300);
    await expectExact();
  });

  it('are what the paged lists answer as their total', async () => {
    const counted = Number(
      (
        await sql<{ n: string }>`SELECT count(*) AS n FROM licenses WHERE product_id = ${suite.world.synth.id}`.execute(
          suite.t.db,
        )
      ).rows[0].n,
    );
    const listed = await suite.t.app.inject({
      method: 'GET',
      url: `/api/v1/products/${suite.world.synth.id}/licenses?per_page=5&page=2`,
      headers: auth(suite.world.staffAToken),
    });
    expect(listed.json().pagination.records.total).toBe(counted);
    expect(listed.json().data).toHaveLength(5);
    await createLicense(suite.t.db, {
      manufacturerId: suite.world.manufacturerA.id,
      productId: suite.world.synth.id,
      userId: suite.world.cy.id,
    });
    const after = await suite.t.app.inject({
      method: 'GET',
      url: `/api/v1/products/${suite.world.synth.id}/licenses`,
      headers: auth(suite.world.staffAToken),
    });
    expect(after.json().pagination.records.total).toBe(counted + 1);
  });
});
