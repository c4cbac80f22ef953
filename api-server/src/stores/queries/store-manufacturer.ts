import type { Db } from '../../db/database';

/** The manufacturer a store's webhook URL names: by its portal slug, or by its id. */
export async function findManufacturerByRef(db: Db, ref: string): Promise<{ id: number } | undefined> {
  const query = db.selectFrom('manufacturers').select('id');
  if (/^[1-9]\d{0,9}$/.test(ref) && Number(ref) <= 2147483647)
    return query.where('id', '=', Number(ref)).executeTakeFirst();
  return query.where('portal_slug', '=', ref.toLowerCase()).executeTakeFirst();
}
