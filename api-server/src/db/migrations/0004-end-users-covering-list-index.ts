import { sql, type Kysely } from 'kysely';

/**
 * The end users' list index carries the email, so an email contains-search finds a page's ids (and counts its
 * matches) by filtering the tenant's own index entries, reading no table rows; the planner takes the trigram
 * index only when a tenant is large enough for that to be cheaper. The trigram index alone read posting lists
 * covering every tenant's users: addresses share their common trigrams (`use`, `000`, `.ex`...).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP INDEX end_users_list_idx;
    CREATE INDEX end_users_list_idx ON end_users (manufacturer_id, id) INCLUDE (email);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP INDEX end_users_list_idx;
    CREATE INDEX end_users_list_idx ON end_users (manufacturer_id, id);
  `.execute(db);
}
