import { sql, type Kysely } from 'kysely';
import { createTestApp, type TestApp } from './support/test-app';
import { createTenants, systemUserIdOf } from './support/fixtures';
import * as outboxPerStatement from '../src/db/migrations/0013-webhook-outbox-per-statement';

jest.setTimeout(60_000);

interface Outbox {
  events: { manufacturer_id: number; type: string; payload: unknown; created_at: string }[];
  deliveries: { event: number; endpoint_id: number; status: string }[];
}

/**
 * Migration 0013 replaced 0009's per-row outbox trigger by a per-statement one. Whatever a statement inserts into
 * audit_log (several tenants, an unmapped action, a row of no tenant, tenants with and without a subscribed
 * endpoint), both triggers must queue the same events in the same order with the same deliveries: the same
 * statement runs under 0013, after its `down` (0009's trigger back) and after its `up` again.
 */
describe('audit → webhook outbox trigger (migration 0013, both directions)', () => {
  let t: TestApp;
  let tenants: { a: number; b: number };
  let actor: number;
  let endpoints: { all: number; disabledOnly: number };

  beforeAll(async () => {
    t = await createTestApp();
    const { manufacturerA, manufacturerB } = await createTenants(t.app, t.db);
    tenants = { a: manufacturerA.id, b: manufacturerB.id };
    actor = await systemUserIdOf(t.db, 'staff@alpha.example');
    const rows = await sql<{
      id: number;
    }>`INSERT INTO webhook_endpoints (manufacturer_id, url, secret_encrypted, event_types, enabled)
      VALUES (${tenants.a}::int, 'https://hooks.example/all', 'v1.x.y.z', ARRAY['license.disabled', 'license.enabled', 'end_user.created'], true),
        (${tenants.a}::int, 'https://hooks.example/disabled', 'v1.x.y.z', ARRAY['license.disabled'], true),
        (${tenants.a}::int, 'https://hooks.example/paused', 'v1.x.y.z', ARRAY['license.disabled', 'license.enabled', 'end_user.created'], false)
      RETURNING id`.execute(t.db);
    endpoints = { all: rows.rows[0].id, disabledOnly: rows.rows[1].id };
  });
  afterAll(() => t.close());

  // The outbox's triggers only: audit_log has others (the kept History totals, migration 0018).
  const triggers = async () =>
    (
      await sql<{
        tgname: string;
      }>`SELECT tgname FROM pg_trigger WHERE tgrelid = 'audit_log'::regclass AND NOT tgisinternal ORDER BY tgname`.execute(
        t.db,
      )
    ).rows
      .map((row) => row.tgname)
      .filter((name) => name.startsWith('audit_log_webhook'));

  /** One statement of mixed audit rows; the outbox rows it queued, event ids replaced by their position. */
  async function auditAndRead(): Promise<Outbox> {
    const lastEvent = Number(
      (await sql<{ last: string | null }>`SELECT max(id) AS last FROM webhook_events`.execute(t.db)).rows[0].last ?? 0,
    );
    await sql`INSERT INTO audit_log (manufacturer_id, actor_system_user_id, action, entity_type, entity_id, before, after, created_at) VALUES
      (${tenants.a}::int, ${actor}::int, 'license.disable', 'license', '11', '{"id": 11, "disabled": false}', '{"id": 11, "disabled": true}', '2026-03-01T10:00:00.123Z'),
      (${tenants.b}::int, ${actor}::int, 'license.disable', 'license', '12', '{"id": 12}', '{"id": 12, "disabled": true}', '2026-03-01T10:00:01Z'),
      (${tenants.a}::int, ${actor}::int, 'product.update', 'product', '3', '{}', '{}', '2026-03-01T10:00:02Z'),
      (NULL, ${actor}::int, 'license.enable', 'license', '13', NULL, NULL, '2026-03-01T10:00:03Z'),
      (${tenants.a}::int, NULL, 'end_user.create', 'end_user', '7', NULL, '{"email": "e@example.com"}', '2026-03-01T10:00:04Z'),
      (${tenants.a}::int, ${actor}::int, 'license.enable', 'license', '11', '{"disabled": true}', '{"disabled": false}', '2026-03-01T10:00:05Z'),
      (${tenants.a}::int, ${actor}::int, 'license.transfer', 'license', '14', '{}', '{}', '2026-03-01T10:00:06Z')`.execute(
      t.db,
    );
    const events = await sql<{
      id: string;
      manufacturer_id: number;
      type: string;
      payload: unknown;
      created_at: string;
    }>`
      SELECT id, manufacturer_id, type, payload, to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS.MS') AS created_at
      FROM webhook_events WHERE id > ${lastEvent} ORDER BY id`.execute(t.db);
    const position = new Map(events.rows.map((event, n) => [event.id, n]));
    const deliveries = await sql<{ event_id: string; endpoint_id: number; status: string }>`
      SELECT event_id, endpoint_id, status FROM webhook_deliveries WHERE event_id > ${lastEvent} ORDER BY id`.execute(
      t.db,
    );
    return {
      events: events.rows.map(({ id: _id, ...event }) => event),
      deliveries: deliveries.rows.map(({ event_id, ...delivery }) => ({ event: position.get(event_id)!, ...delivery })),
    };
  }

  it('queues the same events and deliveries per statement as 0009 did per row, and migrates back and forth', async () => {
    expect(await triggers()).toEqual(['audit_log_webhook_events']);
    const perStatement = await auditAndRead();

    // Only A's mapped rows with an enabled subscribed endpoint: licence 11 disabled, end user 7, licence 11 enabled.
    expect(perStatement.events.map((event) => [event.manufacturer_id, event.type])).toEqual([
      [tenants.a, 'license.disabled'],
      [tenants.a, 'end_user.created'],
      [tenants.a, 'license.enabled'],
    ]);
    expect(perStatement.events[0]).toEqual({
      manufacturer_id: tenants.a,
      type: 'license.disabled',
      created_at: '2026-03-01 10:00:00.123',
      payload: {
        type: 'license.disabled',
        timestamp: '2026-03-01T10:00:00.123Z',
        data: {
          object: 'license',
          id: '11',
          manufacturer_id: tenants.a,
          actor_system_user_id: actor,
          before: { id: 11, disabled: false },
          after: { id: 11, disabled: true },
        },
      },
    });
    expect(perStatement.deliveries).toEqual([
      { event: 0, endpoint_id: endpoints.all, status: 'pending' },
      { event: 0, endpoint_id: endpoints.disabledOnly, status: 'pending' },
      { event: 1, endpoint_id: endpoints.all, status: 'pending' },
      { event: 2, endpoint_id: endpoints.all, status: 'pending' },
    ]);

    await outboxPerStatement.down(t.db as unknown as Kysely<unknown>);
    expect(await triggers()).toEqual(['audit_log_webhook_event']);
    expect(await auditAndRead()).toEqual(perStatement);

    await outboxPerStatement.up(t.db as unknown as Kysely<unknown>);
    expect(await triggers()).toEqual(['audit_log_webhook_events']);
    expect(await auditAndRead()).toEqual(perStatement);
  });

  it('a statement whose tenants have no enabled endpoint queues nothing', async () => {
    const before = (await sql<{ n: string }>`SELECT count(*) AS n FROM webhook_events`.execute(t.db)).rows[0].n;
    await sql`INSERT INTO audit_log (manufacturer_id, actor_system_user_id, action, entity_type, entity_id, before, after)
      SELECT ${tenants.b}::int, ${actor}::int, 'license.disable', 'license', n::text, '{}', '{}' FROM generate_series(1, 50) AS n`.execute(
      t.db,
    );
    expect((await sql<{ n: string }>`SELECT count(*) AS n FROM webhook_events`.execute(t.db)).rows[0].n).toBe(before);
  });
});
