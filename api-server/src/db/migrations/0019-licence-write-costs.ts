import { sql, type Kysely } from 'kysely';

/**
 * A bulk update of 1,000 licences: what every licence change and every audited change pays for.
 *
 * Licences: four lookup indexes become two. `(product_id, id)` and `(user_id, id)` (foreign keys, client API)
 * and the tenant-led list indexes `(manufacturer_id, product_id, id)` and `(manufacturer_id, user_id, id)` held
 * the same entries in another order: a product or an end user belongs to one manufacturer, so its licences'
 * manufacturer is a filter, not a range. `INCLUDE (manufacturer_id)` keeps the lists' page-id walks index-only.
 * A change that moves a licence to another page of the heap writes 5 index entries instead of 7.
 *
 * Audit rows: no foreign keys. Manufacturers and staff are never deleted, the ids come from the signed-in
 * principal or from the row being changed, and History must outlive whatever it names. The two checks cost
 * 2,000 row-trigger calls per 1,000-licence bulk change and a key-share lock on the manufacturer and the actor
 * for every audited change.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP INDEX licenses_product_list_idx, licenses_user_list_idx, licenses_product_id_idx, licenses_user_id_idx;
    CREATE INDEX licenses_product_id_idx ON licenses (product_id, id) INCLUDE (manufacturer_id);
    CREATE INDEX licenses_user_id_idx ON licenses (user_id, id) INCLUDE (manufacturer_id);
    ALTER TABLE audit_log DROP CONSTRAINT audit_log_manufacturer_id_fkey, DROP CONSTRAINT audit_log_actor_system_user_id_fkey;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE audit_log ADD CONSTRAINT audit_log_manufacturer_id_fkey FOREIGN KEY (manufacturer_id) REFERENCES manufacturers (id),
      ADD CONSTRAINT audit_log_actor_system_user_id_fkey FOREIGN KEY (actor_system_user_id) REFERENCES system_users (id);
    DROP INDEX licenses_product_id_idx, licenses_user_id_idx;
    CREATE INDEX licenses_product_id_idx ON licenses (product_id, id);
    CREATE INDEX licenses_user_id_idx ON licenses (user_id, id);
    CREATE INDEX licenses_product_list_idx ON licenses (manufacturer_id, product_id, id);
    CREATE INDEX licenses_user_list_idx ON licenses (manufacturer_id, user_id, id);
  `.execute(db);
}
