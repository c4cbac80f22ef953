import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { END_USER_COLUMNS } from '../../people/end-user-shape';

/**
 * The manufacturer's end user of `email` (any case), made when there is none: `created` says which. Two orders of
 * one new buyer at once make one user (the unique (manufacturer, lower(email)) index decides, the later waits).
 */
export async function findOrCreateBuyer(
  trx: Db,
  manufacturerId: number,
  buyer: { email: string; external_id: string | null },
) {
  const inserted = await sql<{
    id: number;
    email: string;
    external_id: string | null;
    manufacturer_id: number;
    created_at: Date;
    updated_at: Date;
  }>`INSERT INTO end_users (manufacturer_id, email, external_id)
    VALUES (${manufacturerId}, ${buyer.email}, ${buyer.external_id})
    ON CONFLICT (manufacturer_id, lower(email)) DO NOTHING
    RETURNING ${sql.join(END_USER_COLUMNS.map((column) => sql.ref(column)))}`.execute(trx);
  if (inserted.rows[0]) return { user: inserted.rows[0], created: true };
  const user = await trx
    .selectFrom('end_users')
    .select(END_USER_COLUMNS)
    .where('manufacturer_id', '=', manufacturerId)
    .where(sql<string>`lower(email)`, '=', buyer.email.toLowerCase())
    .executeTakeFirstOrThrow();
  return { user, created: false };
}
