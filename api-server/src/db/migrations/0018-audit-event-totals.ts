import { sql, type Kysely } from 'kysely';

/**
 * Exact History totals at 10 million events (docs/performance.md, "Exact totals are kept, not counted").
 * `GET /audit-events` answers an exact total; for a tenant's whole feed, or one action or actor of it, counting
 * meant reading up to millions of index entries per page view. `audit_event_totals` keeps those counts instead:
 * - feed 'tenant' (manufacturer_id = the tenant): the whole feed (kind 'all'), per action, per actor (a staff user's
 *   id, or 'client' for events of no console user);
 * - feed 'manufacturer_level' (manufacturer_id = 0): the superuser's feed as `conditions()` in
 *   repositories/audit-events.ts defines it (entity_type 'manufacturer', any tenant, or no tenant at all), whole
 *   and per action. A row can count in both feeds: a change to manufacturer 7 is in 7's feed and the superuser's.
 * Each counter is split in SHARDS rows by pg_backend_pid(): a backend runs one transaction at a time, so concurrent
 * audited writers (activations of one tenant) add to rows of their own instead of queueing on one hot row. A read
 * sums at most SHARDS rows.
 * Statement-level triggers with transition tables write one netted upsert per statement, in key order, the
 * tenant's whole-feed row first; TRUNCATE empties the counters.
 */
export const SHARDS = 16;

/** Every counter key an audit row `r` counts under; `sign` +1 for new rows, -1 for old ones. */
const KEYS = `
  CROSS JOIN LATERAL (VALUES
    ('tenant', r.manufacturer_id, 'all', ''),
    ('tenant', r.manufacturer_id, 'action', r.action),
    ('tenant', r.manufacturer_id, 'actor', coalesce(r.actor_system_user_id::text, 'client')),
    ('manufacturer_level', CASE WHEN r.entity_type = 'manufacturer' OR r.manufacturer_id IS NULL THEN 0 END, 'all', ''),
    ('manufacturer_level', CASE WHEN r.entity_type = 'manufacturer' OR r.manufacturer_id IS NULL THEN 0 END, 'action', r.action)
  ) k (feed, manufacturer_id, kind, value)
  WHERE k.manufacturer_id IS NOT NULL`;

function upsert(rows: string) {
  return `
    INSERT INTO audit_event_totals AS t (feed, manufacturer_id, kind, value, shard, total)
    SELECT k.feed, k.manufacturer_id, k.kind, k.value, pg_backend_pid() % ${SHARDS}, sum(r.sign)
    FROM (${rows}) r ${KEYS}
    GROUP BY k.feed, k.manufacturer_id, k.kind, k.value HAVING sum(r.sign) <> 0
    ORDER BY k.feed, k.manufacturer_id, k.kind <> 'all', k.kind, k.value
    ON CONFLICT (feed, manufacturer_id, kind, value, shard) DO UPDATE SET total = t.total + excluded.total`;
}

const NEW_ROWS = 'SELECT *, 1 AS sign FROM new_rows';
const OLD_ROWS = 'SELECT *, -1 AS sign FROM old_rows';

/** Counts every existing row again from scratch, in one set-based statement (the seed calls it after a bulk load with triggers off). */
export const REFILL = `
  DELETE FROM audit_event_totals;
  INSERT INTO audit_event_totals (feed, manufacturer_id, kind, value, shard, total)
  SELECT k.feed, k.manufacturer_id, k.kind, k.value, 0, count(*)
  FROM (SELECT *, 1 AS sign FROM audit_log) r ${KEYS}
  GROUP BY k.feed, k.manufacturer_id, k.kind, k.value`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE audit_event_totals (
      feed text NOT NULL,
      manufacturer_id integer NOT NULL,
      kind text NOT NULL,
      value text NOT NULL,
      shard smallint NOT NULL,
      total bigint NOT NULL,
      PRIMARY KEY (feed, manufacturer_id, kind, value, shard)
    )
  `.execute(db);
  // Transition tables need one trigger per event; PL/pgSQL plans each branch only when it runs.
  // The triggers come before the fill: creating them locks out audited writers until this migration commits, and
  // the fill (a statement of its own under READ COMMITTED) sees every row committed before.
  await sql
    .raw(
      `
    CREATE FUNCTION audit_event_totals_count() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'INSERT' THEN
        ${upsert(NEW_ROWS)};
      ELSIF TG_OP = 'DELETE' THEN
        ${upsert(OLD_ROWS)};
      ELSE
        ${upsert(`${NEW_ROWS} UNION ALL ${OLD_ROWS}`)};
      END IF;
      RETURN NULL;
    END $$;
    CREATE FUNCTION audit_event_totals_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      DELETE FROM audit_event_totals;
      RETURN NULL;
    END $$;
    CREATE TRIGGER audit_event_totals_insert AFTER INSERT ON audit_log REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION audit_event_totals_count();
    CREATE TRIGGER audit_event_totals_delete AFTER DELETE ON audit_log REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION audit_event_totals_count();
    CREATE TRIGGER audit_event_totals_update AFTER UPDATE ON audit_log REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION audit_event_totals_count();
    CREATE TRIGGER audit_event_totals_truncate AFTER TRUNCATE ON audit_log FOR EACH STATEMENT EXECUTE FUNCTION audit_event_totals_truncate();
    ${REFILL};
  `,
    )
    .execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TRIGGER audit_event_totals_insert ON audit_log;
    DROP TRIGGER audit_event_totals_delete ON audit_log;
    DROP TRIGGER audit_event_totals_update ON audit_log;
    DROP TRIGGER audit_event_totals_truncate ON audit_log;
    DROP FUNCTION audit_event_totals_count(), audit_event_totals_truncate();
    DROP TABLE audit_event_totals;
  `.execute(db);
}
