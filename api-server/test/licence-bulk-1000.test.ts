import { sql } from 'kysely';
import type { License } from 'shared-kit/contract';
import { createTestApp, type TestApp } from './support/test-app';
import { auth, tableDigest } from './support/fixtures';
import { createEndUser, createLicensingWorld, type LicensingWorld } from './licensing-fixtures';
import { licenseIdsOf } from './support/license-rows';

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
  let subscribed: number;

  beforeAll(async () => {
    t = await createTestApp();
    w = await createLicensingWorld(t);
    const owner = await createEndUser(t.db, w.manufacturerA.id, 'thousand@listener.example');
    await sql`INSERT INTO licenses (manufacturer_id, product_id, user_id, serial, license_type)
      SELECT ${w.manufacturerA.id}::int, ${w.drums.id}::int, ${owner.id}::int, 'BULK-' || n, 'Standard' FROM generate_series(1, ${MAX}::int) AS n`.execute(
      t.db,
    );
    ids = await licenseIdsOf(t.db, 'user_id', owner.id, 'desc');
    const endpoints = await sql<{
      id: number;
    }>`INSERT INTO webhook_endpoints (manufacturer_id, url, secret_encrypted, event_types, enabled)
      VALUES (${w.manufacturerA.id}::int, 'https://hooks.example/licences', 'v1.x.y.z', ARRAY['license.disabled', 'license.enabled'], true),
        (${w.manufacturerA.id}::int, 'https://hooks.example/users', 'v1.x.y.z', ARRAY['end_user.created'], true),
        (${w.manufacturerA.id}::int, 'https://hooks.example/paused', 'v1.x.y.z', ARRAY['license.disabled', 'license.enabled'], false),
        (${w.manufacturerB.id}::int, 'https://hooks.example/beta', 'v1.x.y.z', ARRAY['license.disabled', 'license.enabled'], true)
      RETURNING id`.execute(t.db);
    subscribed = endpoints.rows[0].id;
  });
  afterAll(() => t.close());

  const bulk = (payload: object) =>
    t.app.inject({ method: 'PATCH', url: '/api/v1/licenses/bulk-update', headers: auth(w.staffAToken), payload });
  const digests = async () =>
    Promise.all(
      ['licenses', 'audit_log', 'webhook_events', 'webhook_deliveries'].map((table) => tableDigest(t.db, table)),
    );
  const lastId = async (table: 'audit_log' | 'webhook_events') =>
    Number(
      (await sql<{ last: string | null }>`SELECT max(id) AS last FROM ${sql.table(table)}`.execute(t.db)).rows[0]
        .last ?? 0,
    );
  /** The outbox rows after event `afterEvent`, events in id order with their deliveries' endpoints. */
  const outboxAfter = async (afterEvent: number) =>
    (
      await sql<{
        id: string;
        manufacturer_id: number;
        type: string;
        payload: { data: { id: string; before: unknown; after: unknown } };
        endpoints: number[];
      }>`
        SELECT e.id, e.manufacturer_id, e.type, e.payload, coalesce(array_agg(d.endpoint_id ORDER BY d.endpoint_id) FILTER (WHERE d.id IS NOT NULL), '{}') AS endpoints
        FROM webhook_events e LEFT JOIN webhook_deliveries d ON d.event_id = e.id
        WHERE e.id > ${afterEvent} GROUP BY e.id ORDER BY e.id`.execute(t.db)
    ).rows;

  it('one foreign licence among 1,000 refuses them all and changes nothing', async () => {
    const before = await digests();
    const response = await bulk({
      license_ids: [...ids.slice(1), w.betaLicense.id],
      disabled: true,
      disabled_reason: 'CancelledOrder',
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: [`License not found: ${w.betaLicense.id}`] });
    expect(await digests()).toEqual(before);
  });

  it('changes all 1,000, answers them in the order asked, audits each with its row before and after, one event each', async () => {
    const before = new Map(
      (await t.db.selectFrom('licenses').selectAll().where('id', 'in', ids).execute()).map((row) => [
        row.id,
        asAuditJson(row),
      ]),
    );
    const last = await lastId('audit_log');
    const lastEvent = await lastId('webhook_events');

    const response = await bulk({ license_ids: ids, disabled: true, disabled_reason: 'CancelledOrder' });
    expect(response.statusCode).toBe(200);
    const data = (response.json() as { data: License[] }).data;
    expect(data.map((license) => license.id)).toEqual(ids);
    expect(data.every((license) => license.disabled && license.disabled_reason === 'CancelledOrder')).toBe(true);

    const after = new Map(
      (await t.db.selectFrom('licenses').selectAll().where('id', 'in', ids).execute()).map((row) => [
        row.id,
        asAuditJson(row),
      ]),
    );
    const audit = await t.db.selectFrom('audit_log').selectAll().where('id', '>', Number(last)).orderBy('id').execute();
    expect(audit).toHaveLength(MAX);
    for (const row of audit) {
      const id = Number(row.entity_id);
      expect(row).toMatchObject({
        manufacturer_id: w.manufacturerA.id,
        action: 'license.disable',
        entity_type: 'license',
      });
      expect([row.before, row.after]).toEqual([before.get(id), after.get(id)]);
    }
    expect(new Set(audit.map((row) => row.entity_id)).size).toBe(MAX);

    // Exactly one event per licence, in the audit rows' order, each carrying its audit row, delivered to the one
    // enabled endpoint of A subscribed to it (not to A's other endpoints, nor to B's).
    const outbox = await outboxAfter(lastEvent);
    expect(outbox).toHaveLength(MAX);
    expect(outbox.map((event) => event.payload.data.id)).toEqual(audit.map((row) => row.entity_id));
    outbox.forEach((event, n) => {
      expect(event).toMatchObject({
        manufacturer_id: w.manufacturerA.id,
        type: 'license.disabled',
        endpoints: [subscribed],
      });
      expect([event.payload.data.before, event.payload.data.after]).toEqual([audit[n].before, audit[n].after]);
    });
  });

  it('asking again for the state they are in changes, audits and queues nothing', async () => {
    const before = await digests();
    const response = await bulk({ license_ids: ids, disabled: true, disabled_reason: 'CancelledOrder' });
    expect(response.statusCode).toBe(200);
    expect(await digests()).toEqual(before);
  });

  it('with no enabled endpoint subscribed, 1,000 licences are changed and audited but queue no outbox rows', async () => {
    await sql`UPDATE webhook_endpoints SET enabled = false WHERE id = ${subscribed}`.execute(t.db);
    const last = await lastId('audit_log');
    const lastEvent = await lastId('webhook_events');
    const deliveries = await tableDigest(t.db, 'webhook_deliveries');

    const response = await bulk({ license_ids: ids, disabled: false, disabled_reason: null });
    expect(response.statusCode).toBe(200);
    const audit = await t.db.selectFrom('audit_log').select(['action', 'entity_id']).where('id', '>', last).execute();
    expect(audit).toHaveLength(MAX);
    expect(audit.every((row) => row.action === 'license.enable')).toBe(true);
    expect(await outboxAfter(lastEvent)).toEqual([]);
    expect(await tableDigest(t.db, 'webhook_deliveries')).toBe(deliveries);
  });
});
