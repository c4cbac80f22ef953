import type { Db } from '../../db/database';

/** A manufacturer by id or portal slug: the slug names it in the sign-in's start address. */
export async function findSsoManufacturer(db: Db, idOrSlug: number | string) {
  return db
    .selectFrom('manufacturers')
    .select(['id', 'portal_slug'])
    .where(typeof idOrSlug === 'number' ? 'id' : 'portal_slug', '=', idOrSlug)
    .executeTakeFirst();
}
