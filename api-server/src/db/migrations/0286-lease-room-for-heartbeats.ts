import { sql, type Kysely } from 'kysely';

/**
 * A heart-beat updates only its lease's `expires_at`, a column no index holds, so PostgreSQL can write the new row
 * version on the same page without touching an index (a HOT update), but only when the page has room for it: with
 * pages packed full, about half of the heart-beats moved their row to another page and inserted into both of the
 * table's indexes, and after each checkpoint wrote full images of those pages to the WAL too. Pages filled to 80 %
 * keep room for the heart-beats; leases written from now on use it (a setting, no rewrite of the table).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE license_leases SET (fillfactor = 80)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE license_leases RESET (fillfactor)`.execute(db);
}
