import { sql } from 'kysely';
import type { License } from 'shared-kit/contract';
import { createTestApp, type TestApp } from './support/test-app';
import { auth, tableDigest } from './support/fixtures';
import { createEndUser, createLicensingWorld, type LicensingWorld } from './licensing-fixtures';

jest.setTimeout(120_000);

const MAX = 1000;

/** A licence row as the driver reads it, turned into the JSON an audit row holds (JSON.stringify of the row). */
const asAuditJson = (row: object) => JSON.parse(JSON.stringify(row)) as Record<string, unknown>;

// The bulk change is set-based (one UPDATE … RETURNING feeding one INSERT … SELECT of the audit rows): at the API's
// maximum it must still be all-or-nothing, audit every licence with its exact before and after, and queue one
// webhook event per licence.
describe('bulk update of 1,000 licences', () => {
  let t: TestApp;
  let w: LicensingWorld;
  let ids: number[];

  beforeAll(async () => {
    t = await createTestApp();
    w = await createLicensingWorld(t);
    const owner = await createEndUser(t.db, w.manufacturerA.id, 'thousand@listener.example');
    await sql`INSERT INTO licenses (manufacturer_id, product_id, user_id, serial, license_type)
      SELECT ${w.manufacturerA.id}::int, ${w.drums.id}::int, ${owner.id}::int, 'BULK-' || n, 'Standard' FROM generate_series(1, ${MAX}::int) AS n`.execute(t.db);
    const rows = await t.db.selectFrom('licenses').select('id').where('user_id', '=', owner.id).orderBy('id', 'desc').execute();
    ids = rows.map((row) => row.id);
    await sql`INSERT INTO webhook_endpoints (manufacturer_id, url, secret_encrypted, event_types)
      VALUES (${w.manufacturerA.id}::int, 'https://hooks.example/licences', 'v1.x.y.z', ARRAY['license.disabled', 'license.enabled'])`.execute(t.db);
  });
  afterAll(() => t.close());

  const bulk = (payload: object) => t.app.inject({ method: 'PATCH', url: '/api/v1/licenses/bulk-update', headers: auth(w.staffAToken), payload });
  const digests = async () => Promise.all(['licenses', 'audit_log', 'webhook_events'].map((table) => tableDigest(t.db, table)));

  it('one foreign licence among 1,000 refuses them all and changes nothing', async () => {
    const before = await digests();
    const response = await bulk({ license_ids: [...ids.slice(1), w.betaLicense.id], disabled: true, disabled_reason: 'CancelledOrder' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: [`License not found: ${w.betaLicense.id}`] });
    expect(await digests()).toEqual(before);
  });

  it('changes all 1,000, answers them in the order asked, audits each with its row before and after, one event each', async () => {
    const before = new Map((await t.db.selectFrom('licenses').selectAll().where('id', 'in', ids).execute()).map((row) => [row.id, asAuditJson(row)]));
    const { last } = await t.db
      .selectFrom('audit_log')
      .select((eb) => eb.fn.max('id').as('last'))
      .executeTakeFirstOrThrow();

    const response = await bulk({ license_ids: ids, disabled: true, disabled_reason: 'CancelledOrder' });
    expect(response.statusCode).toBe(200);
    const data = (response.json() as { data: License[] }).data;
    expect(data.map((license) => license.id)).toEqual(ids);
    expect(data.every((license) => license.disabled && license.disabled_reason === 'CancelledOrder')).toBe(true);

    const after = new Map((await t.db.selectFrom('licenses').selectAll().where('id', 'in', ids).execute()).map((row) => [row.id, asAuditJson(row)]));
    const audit = await t.db.selectFrom('audit_log').selectAll().where('id', '>', Number(last)).orderBy('id').execute();
    expect(audit).toHaveLength(MAX);
    for (const row of audit) {
      const id = Number(row.entity_id);
      expect(row).toMatchObject({ manufacturer_id: w.manufacturerA.id, action: 'license.disable', entity_type: 'license' });
      expect([row.before, row.after]).toEqual([before.get(id), after.get(id)]);
    }
    expect(new Set(audit.map((row) => row.entity_id)).size).toBe(MAX);
    const events = await sql<{
      type: string;
      id: string;
    }>`SELECT type, payload->'data'->>'id' AS id FROM webhook_events WHERE manufacturer_id = ${w.manufacturerA.id}::int`.execute(t.db);
    expect(
      events.rows
        .filter((event) => event.type === 'license.disabled')
        .map((event) => Number(event.id))
        .sort((a, b) => a - b),
    ).toEqual([...ids].sort((a, b) => a - b));
  });

  it('asking again for the state they are in changes, audits and queues nothing', async () => {
    const before = await digests();
    const response = await bulk({ license_ids: ids, disabled: true, disabled_reason: 'CancelledOrder' });
    expect(response.statusCode).toBe(200);
    expect(await digests()).toEqual(before);
  });
});
