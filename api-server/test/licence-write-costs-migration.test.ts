import { sql, type Kysely } from 'kysely';
import { createTestApp, type TestApp } from './support/test-app';
import * as licenceWriteCosts from '../src/db/migrations/0019-licence-write-costs';

// Migration 0019 trades two licence indexes and the audit rows' foreign keys for cheaper writes; its `down` must
// give back exactly what 0001 and 0002 shipped.
describe('migration 0019: licence write costs', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const licenceIndexes = async () =>
    (
      await sql<{
        indexdef: string;
      }>`SELECT indexdef FROM pg_indexes WHERE tablename = 'licenses' ORDER BY indexname`.execute(t.db)
    ).rows.map((row) => row.indexdef.replace('public.', ''));
  const auditForeignKeys = async () =>
    (
      await sql<{
        conname: string;
      }>`SELECT conname FROM pg_constraint WHERE conrelid = 'audit_log'::regclass AND contype = 'f' ORDER BY conname`.execute(
        t.db,
      )
    ).rows.map((row) => row.conname);

  const shipped = [
    'CREATE INDEX licenses_disabled_changes_idx ON licenses USING btree (product_id, updated_at) WHERE disabled',
    'CREATE UNIQUE INDEX licenses_pkey ON licenses USING btree (id)',
    'CREATE INDEX licenses_product_id_idx ON licenses USING btree (product_id, id) INCLUDE (manufacturer_id)',
    'CREATE UNIQUE INDEX licenses_serial_key ON licenses USING btree (serial)',
    'CREATE INDEX licenses_user_id_idx ON licenses USING btree (user_id, id) INCLUDE (manufacturer_id)',
  ];

  it('leaves licences five indexes, the product and user ones carrying the tenant, and audit rows no foreign keys', async () => {
    expect(await licenceIndexes()).toEqual(shipped);
    expect(await auditForeignKeys()).toEqual([]);
  });

  it('down restores the four lookup indexes and both foreign keys; up again gives the same schema', async () => {
    await licenceWriteCosts.down(t.db as unknown as Kysely<unknown>);
    expect(await licenceIndexes()).toEqual([
      'CREATE INDEX licenses_disabled_changes_idx ON licenses USING btree (product_id, updated_at) WHERE disabled',
      'CREATE UNIQUE INDEX licenses_pkey ON licenses USING btree (id)',
      'CREATE INDEX licenses_product_id_idx ON licenses USING btree (product_id, id)',
      'CREATE INDEX licenses_product_list_idx ON licenses USING btree (manufacturer_id, product_id, id)',
      'CREATE UNIQUE INDEX licenses_serial_key ON licenses USING btree (serial)',
      'CREATE INDEX licenses_user_id_idx ON licenses USING btree (user_id, id)',
      'CREATE INDEX licenses_user_list_idx ON licenses USING btree (manufacturer_id, user_id, id)',
    ]);
    expect(await auditForeignKeys()).toEqual(['audit_log_actor_system_user_id_fkey', 'audit_log_manufacturer_id_fkey']);
    await licenceWriteCosts.up(t.db as unknown as Kysely<unknown>);
    expect(await licenceIndexes()).toEqual(shipped);
    expect(await auditForeignKeys()).toEqual([]);
  });
});
