import { sql, type Kysely } from 'kysely';

/**
 * History filters at 10 million events (measured by api-server/bench/operations-rows.mjs). 0008 walked
 * the tenant's feed index for a filter by action or by time range: the page scanned the tenant's events until 25
 * matched (all of them for an action the tenant never had), and the exact total scanned all of them every time.
 * - (manufacturer_id, action, id DESC): an action's events, newest first, and their count, read from the index
 *   alone;
 * - (manufacturer_id, created_at) INCLUDE (id): a time range's ids and their count from the index alone,
 *   proportional to the range, not to the tenant's history (the page is then taken from those ids, see
 *   repositories/audit-events.ts).
 * Each costs every audited change one more index entry; the superuser's manufacturer-level events stay on 0008's
 * small partial index.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE INDEX audit_log_tenant_action_idx ON audit_log (manufacturer_id, action, id DESC);
    CREATE INDEX audit_log_tenant_time_idx ON audit_log (manufacturer_id, created_at) INCLUDE (id);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX audit_log_tenant_time_idx, audit_log_tenant_action_idx`.execute(db);
}
