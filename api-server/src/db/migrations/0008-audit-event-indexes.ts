import { sql, type Kysely } from 'kysely';

/**
 * History pages at 10 million audit rows. Every history list is "a tenant's events, newest first, one page", with
 * at most an object, an actor or an action narrowing it. Each index below serves one of those as an ordered index
 * scan that stops after a page (no sort, no count of the whole table beyond the tenant's own entries):
 * - (manufacturer_id, id DESC): the tenant's feed (the Dashboard's recent activity, the unfiltered History list).
 *   Rows with a null manufacturer (superuser and CLI actions on no tenant) sit together under NULL.
 * - (manufacturer_id, entity_type, entity_id, id DESC): one record's History section; replaces the 0001
 *   (entity_type, entity_id) index, which had no order and no tenant, so it is dropped.
 * - (manufacturer_id, actor_system_user_id, id DESC): "what did this person do".
 * - (id DESC) WHERE entity_type = 'manufacturer' OR manufacturer_id IS NULL: the superuser's feed (changes to
 *   manufacturers, and changes belonging to no manufacturer), a small partial index instead of a scan of every
 *   tenant's rows looking for the rare manufacturer-level ones.
 * A filter by action or time range walks the tenant's feed index (ids grow with created_at), which is fine for a
 * tenant's share of the table; a time range is also translated into an id range by the query itself.
 * Newest first is id DESC, not created_at: ids are monotonic and unique, so pages are stable under ties.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE INDEX audit_log_tenant_idx ON audit_log (manufacturer_id, id DESC);
    CREATE INDEX audit_log_tenant_object_idx ON audit_log (manufacturer_id, entity_type, entity_id, id DESC);
    CREATE INDEX audit_log_tenant_actor_idx ON audit_log (manufacturer_id, actor_system_user_id, id DESC);
    CREATE INDEX audit_log_manufacturer_level_idx ON audit_log (id DESC) WHERE entity_type = 'manufacturer' OR manufacturer_id IS NULL;
    DROP INDEX audit_log_entity_idx;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE INDEX audit_log_entity_idx ON audit_log (entity_type, entity_id);
    DROP INDEX audit_log_manufacturer_level_idx, audit_log_tenant_actor_idx, audit_log_tenant_object_idx, audit_log_tenant_idx;
  `.execute(db);
}
