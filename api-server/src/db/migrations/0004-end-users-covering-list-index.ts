import { sql, type Kysely } from 'kysely';

/**
 * The end users' list index carries every column a users page shows: a page, a deep page and an email
 * contains-search (which filters the tenant's own index entries) read no table rows, and the planner takes the
 * trigram index only when a tenant is large enough for that to be cheaper. The trigram index alone read posting
 * lists covering every tenant's users, because addresses share their common trigrams (`use`, `000`, `.ex`...).
 * The cost: an end user's update is no longer a HOT update (updated_at is in the index); they are rare next to reads.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP INDEX end_users_list_idx;
    CREATE INDEX end_users_list_idx ON end_users (manufacturer_id, id) INCLUDE (email, external_id, created_at, updated_at);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP INDEX end_users_list_idx;
    CREATE INDEX end_users_list_idx ON end_users (manufacturer_id, id);
  `.execute(db);
}
