import { Client } from 'pg';
import { sql, type Kysely } from 'kysely';
import { createTestApp, type TestApp } from './support/test-app';
import { auth, createTenants, systemUserIdOf } from './support/fixtures';
import * as auditEventTotals from '../src/db/migrations/0018-audit-event-totals';
import {
  keptTotalKey,
  listAuditEvents,
  type AuditEventFilter,
  type AuditScope,
} from '../src/audit/queries/audit-events';
import { pageRequest } from '../src/lib/paging';

jest.setTimeout(60_000);

interface Compared {
  feed: string;
  manufacturer_id: number;
  kind: string;
  value: string;
  kept: string;
  counted: string;
}

/** Every kept total (summed over its shards) beside count(*) of the events it stands for, written out scope by scope. */
async function keptAndCounted(db: Kysely<unknown>) {
  const { rows } = await sql<Compared>`
    WITH counted AS (
      SELECT 'tenant' AS feed, manufacturer_id, 'all' AS kind, '' AS value, count(*) AS n FROM audit_log WHERE manufacturer_id IS NOT NULL GROUP BY manufacturer_id
      UNION ALL SELECT 'tenant', manufacturer_id, 'action', action, count(*) FROM audit_log WHERE manufacturer_id IS NOT NULL GROUP BY manufacturer_id, action
      UNION ALL SELECT 'tenant', manufacturer_id, 'actor', coalesce(actor_system_user_id::text, 'client'), count(*) FROM audit_log
        WHERE manufacturer_id IS NOT NULL GROUP BY manufacturer_id, actor_system_user_id
      UNION ALL SELECT 'manufacturer_level', 0, 'all', '', count(*) FROM audit_log WHERE entity_type = 'manufacturer' OR manufacturer_id IS NULL HAVING count(*) > 0
      UNION ALL SELECT 'manufacturer_level', 0, 'action', action, count(*) FROM audit_log WHERE entity_type = 'manufacturer' OR manufacturer_id IS NULL GROUP BY action
    ), kept AS (
      SELECT feed, manufacturer_id, kind, value, sum(total) AS n FROM audit_event_totals GROUP BY feed, manufacturer_id, kind, value HAVING sum(total) <> 0
    )
    SELECT coalesce(c.feed, k.feed) AS feed, coalesce(c.manufacturer_id, k.manufacturer_id) AS manufacturer_id, coalesce(c.kind, k.kind) AS kind,
      coalesce(c.value, k.value) AS value, coalesce(k.n, 0)::text AS kept, coalesce(c.n, 0)::text AS counted
    FROM counted c FULL JOIN kept k USING (feed, manufacturer_id, kind, value)
    ORDER BY 1, 2, 3, 4
  `.execute(db);
  return rows;
}

const mismatches = (rows: Compared[]) => rows.filter((row) => row.kept !== row.counted);

describe('kept History totals (migration 0018)', () => {
  let t: TestApp;
  let db: Kysely<unknown>;
  let a: number;
  let b: number;
  let staffA: number;
  let staffB: number;
  let tokens: Awaited<ReturnType<typeof createTenants>>;

  const expectExact = async () => {
    const rows = await keptAndCounted(db);
    expect(rows.length).toBeGreaterThan(0);
    expect(mismatches(rows)).toEqual([]);
    return rows;
  };

  /** One statement of mixed rows: two tenants, a change to a manufacturer, a row of no tenant, plugin calls. */
  const mixedStatement = (tag: string) => sql`
    INSERT INTO audit_log (manufacturer_id, actor_system_user_id, action, entity_type, entity_id, after) VALUES
      (${a}::int, ${staffA}::int, 'license.disable', 'license', ${tag}, '{}'),
      (${a}::int, NULL, 'license.activate', 'license', ${tag}, '{}'),
      (${a}::int, NULL, 'license.activate', 'license', ${tag}, '{}'),
      (${b}::int, ${staffB}::int, 'product.create', 'product', ${tag}, '{}'),
      (${b}::int, NULL, 'manufacturer.update', 'manufacturer', ${String(b)}, '{}'),
      (NULL, NULL, 'system_user.create', 'system_user', ${tag}, '{}')`;

  beforeAll(async () => {
    t = await createTestApp();
    db = t.db as unknown as Kysely<unknown>;
    tokens = await createTenants(t.app, t.db);
    a = tokens.manufacturerA.id;
    b = tokens.manufacturerB.id;
    staffA = await systemUserIdOf(t.db, 'staff@alpha.example');
    staffB = await systemUserIdOf(t.db, 'staff@beta.example');
  });
  afterAll(() => t.close());

  it('match count(*) in every scope after audited API writes, single rows and many rows in one statement', async () => {
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/products',
      headers: auth(tokens.staffAToken),
      payload: { type: 'Full', name: 'Echo', plugin_name: 'Echo' },
    });
    await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/manufacturers/${b}`,
      headers: auth(tokens.superToken),
      payload: { phone: '+1 555 0100' },
    });
    await sql`INSERT INTO audit_log (manufacturer_id, action, entity_type, entity_id) VALUES (${a}::int, 'license.activate', 'license', '1')`.execute(
      db,
    );
    await mixedStatement('2').execute(db);
    await sql`INSERT INTO audit_log (manufacturer_id, actor_system_user_id, action, entity_type, entity_id)
      SELECT ${b}::int, CASE WHEN n % 3 = 0 THEN NULL ELSE ${staffB}::int END, 'license.disable', 'license', n::text FROM generate_series(1, 200) n`.execute(
      db,
    );
    const rows = await expectExact();
    const scopes = new Set(rows.map((row) => `${row.feed}/${row.kind}`));
    expect([...scopes].sort()).toEqual([
      'manufacturer_level/action',
      'manufacturer_level/all',
      'tenant/action',
      'tenant/actor',
      'tenant/all',
    ]);
    expect(rows).toContainEqual({
      feed: 'tenant',
      manufacturer_id: b,
      kind: 'actor',
      value: 'client',
      kept: '67',
      counted: '67',
    });
  });

  it('follow updates that move an event between scopes, deletes, and a statement that changes no key', async () => {
    await sql`UPDATE audit_log SET action = 'license.enable', actor_system_user_id = NULL WHERE manufacturer_id = ${b}::int AND entity_id::int % 7 = 0`.execute(
      db,
    );
    await sql`UPDATE audit_log SET manufacturer_id = ${a}::int WHERE manufacturer_id = ${b}::int AND entity_type = 'manufacturer'`.execute(
      db,
    );
    await sql`UPDATE audit_log SET created_at = '2020-01-01T00:00:00Z' WHERE manufacturer_id = ${a}::int`.execute(db);
    await sql`DELETE FROM audit_log WHERE manufacturer_id = ${b}::int AND entity_id::int % 5 = 0`.execute(db);
    await expectExact();
  });

  it('stay exact with two connections writing the same tenant at once, neither waiting for the other', async () => {
    // Two backends in different shards (a shared shard only queues, it is still exact, but then one would wait).
    const clients: Client[] = [];
    const shards = new Map<number, Client>();
    try {
      while (shards.size < 2) {
        const client = new Client({ connectionString: t.databaseUrl });
        clients.push(client);
        await client.connect();
        const pid = Number((await client.query('SELECT pg_backend_pid() AS pid')).rows[0].pid);
        if (!shards.has(pid % auditEventTotals.SHARDS)) shards.set(pid % auditEventTotals.SHARDS, client);
      }
      const [one, two] = [...shards.values()];
      const insert = (client: Client, n: number) =>
        client.query(
          `INSERT INTO audit_log (manufacturer_id, actor_system_user_id, action, entity_type, entity_id)
           SELECT $1::int, CASE WHEN g % 2 = 0 THEN NULL ELSE $2::int END, 'license.activate', 'license', g::text FROM generate_series(1, $3::int) g`,
          [a, staffA, n],
        );
      await one.query('BEGIN');
      await two.query("BEGIN; SET LOCAL lock_timeout = '5s'");
      await insert(one, 3);
      // `one` holds its counter rows until it commits: `two` would time out here if it needed the same rows.
      await insert(two, 4);
      await two.query('COMMIT');
      await one.query('COMMIT');
      await Promise.all(
        [one, two].map(async (client, n) => {
          for (let round = 0; round < 20; round++) await insert(client, n + 1);
        }),
      );
    } finally {
      await Promise.all(clients.map((client) => client.end()));
    }
    const rows = await expectExact();
    expect(rows.find((row) => row.feed === 'tenant' && row.manufacturer_id === a && row.kind === 'all')?.kept).toBe(
      String(
        Number(
          (await sql<{ n: string }>`SELECT count(*) AS n FROM audit_log WHERE manufacturer_id = ${a}::int`.execute(db))
            .rows[0].n,
        ),
      ),
    );
  });

  describe('are the route’s total', () => {
    const live = async (where: ReturnType<typeof sql>) =>
      Number((await sql<{ n: string }>`SELECT count(*) AS n FROM audit_log WHERE ${where}`.execute(db)).rows[0].n);
    const total = async (query: string, token: string) => {
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/v1/audit-events?per_page=1&${query}`,
        headers: auth(token),
      });
      expect(response.statusCode).toBe(200);
      return response.json().pagination.records.total;
    };
    const levelFeed = sql`(entity_type = 'manufacturer' OR manufacturer_id IS NULL)`;

    it.each([
      ['staff, whole feed', '', 'staff'],
      ['staff, by action', 'action=license.activate', 'staff'],
      ['staff, by a staff user', 'actor=STAFF', 'staff'],
      ['staff, by client', 'actor=client', 'staff'],
      ['superuser, whole feed', '', 'super'],
      ['superuser, by action', 'action=manufacturer.update', 'super'],
    ])('for a kept scope: %s', async (_, query, as) => {
      const q = query.replace('STAFF', String(staffA));
      const where =
        as === 'super'
          ? q
            ? sql`${levelFeed} AND action = 'manufacturer.update'`
            : levelFeed
          : q === ''
            ? sql`manufacturer_id = ${a}::int`
            : q.startsWith('action')
              ? sql`manufacturer_id = ${a}::int AND action = 'license.activate'`
              : q.endsWith('client')
                ? sql`manufacturer_id = ${a}::int AND actor_system_user_id IS NULL`
                : sql`manufacturer_id = ${a}::int AND actor_system_user_id = ${staffA}::int`;
      const expected = await live(where);
      expect(expected).toBeGreaterThan(0);
      expect(await total(q, as === 'super' ? tokens.superToken : tokens.staffAToken)).toBe(expected);
    });

    it('for scopes counted live: an object, action and actor together, a time range, the superuser by actor', async () => {
      expect(await total('object_type=license&object_id=1', tokens.staffAToken)).toBe(
        await live(sql`manufacturer_id = ${a}::int AND entity_type = 'license' AND entity_id = '1'`),
      );
      expect(await total(`action=license.activate&actor=client`, tokens.staffAToken)).toBe(
        await live(sql`manufacturer_id = ${a}::int AND action = 'license.activate' AND actor_system_user_id IS NULL`),
      );
      expect(await total('from=2019-01-01T00:00:00Z&to=2021-01-01T00:00:00Z', tokens.staffAToken)).toBe(
        await live(
          sql`manufacturer_id = ${a}::int AND created_at >= '2019-01-01T00:00:00Z' AND created_at < '2021-01-01T00:00:00Z'`,
        ),
      );
      expect(await total('actor=client', tokens.superToken)).toBe(
        await live(sql`${levelFeed} AND actor_system_user_id IS NULL`),
      );
    });

    it('come from the counters for the kept scopes (a counter off by one shows in the total)', async () => {
      const kept: [AuditScope, AuditEventFilter][] = [
        [{ manufacturerId: a }, {}],
        [{ manufacturerId: a }, { action: 'license.activate' }],
        [{ manufacturerId: a }, { actor: 'client' }],
        [{ manufacturerId: a }, { actor: staffA }],
        [{ manufacturerLevel: true }, {}],
        [{ manufacturerLevel: true }, { action: 'manufacturer.update' }],
      ];
      const page = pageRequest({ page: 1, per_page: 1 });
      const before = await Promise.all(kept.map(([scope, filter]) => listAuditEvents(t.db, scope, filter, page)));
      // A shard no backend writes: one more in each kept counter, none in the log.
      for (const [scope, filter] of kept) {
        const key = keptTotalKey(scope, filter);
        expect(key).not.toBeNull();
        await sql`INSERT INTO audit_event_totals (feed, manufacturer_id, kind, value, shard, total)
          VALUES (${key!.feed}, ${key!.manufacturerId}::int, ${key!.kind}, ${key!.value}, ${auditEventTotals.SHARDS}, 1)`.execute(
          db,
        );
      }
      try {
        const after = await Promise.all(kept.map(([scope, filter]) => listAuditEvents(t.db, scope, filter, page)));
        expect(after.map((list) => list.total)).toEqual(before.map((list) => list.total + 1));
      } finally {
        await sql`DELETE FROM audit_event_totals WHERE shard = ${auditEventTotals.SHARDS}`.execute(db);
      }
      await expectExact();
    });
  });

  it('go wrong without the insert trigger (so the checks above can fail), and migrate down and up with existing events counted', async () => {
    await sql`DROP TRIGGER audit_event_totals_insert ON audit_log`.execute(db);
    await mixedStatement('3').execute(db);
    expect(mismatches(await keptAndCounted(db)).length).toBeGreaterThan(0);

    await sql`CREATE TRIGGER audit_event_totals_insert AFTER INSERT ON audit_log REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION audit_event_totals_count()`.execute(
      db,
    );
    await auditEventTotals.down(db);
    const leftovers = await sql<{ name: string }>`
      SELECT tgname::text AS name FROM pg_trigger WHERE tgname LIKE 'audit_event_totals%'
      UNION ALL SELECT proname::text FROM pg_proc WHERE proname LIKE 'audit_event_totals%'
      UNION ALL SELECT relname::text FROM pg_class WHERE relname LIKE 'audit_event_totals%'`.execute(db);
    expect(leftovers.rows).toEqual([]);
    await mixedStatement('4').execute(db);

    await auditEventTotals.up(db);
    const rows = await expectExact();
    expect(rows.find((row) => row.feed === 'manufacturer_level' && row.kind === 'all')?.kept).toBe(
      String(
        Number(
          (
            await sql<{
              n: string;
            }>`SELECT count(*) AS n FROM audit_log WHERE ${sql`entity_type = 'manufacturer' OR manufacturer_id IS NULL`}`.execute(
              db,
            )
          ).rows[0].n,
        ),
      ),
    );
    await mixedStatement('5').execute(db);
    await expectExact();
  });

  it('are emptied with the log by TRUNCATE', async () => {
    await sql`TRUNCATE audit_log`.execute(db);
    expect((await sql<{ n: string }>`SELECT count(*) AS n FROM audit_event_totals`.execute(db)).rows[0].n).toBe('0');
    await mixedStatement('6').execute(db);
    await expectExact();
  });
});
