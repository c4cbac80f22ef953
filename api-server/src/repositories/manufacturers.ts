import { sql } from 'kysely';
import type { Db } from '../db/database';
import type { ManufacturerUpdate } from '../db/schema';
import type { PageRequest } from '../lib/paging';

const COLUMNS = ['id', 'name', 'manufacturer_pool_id', 'address', 'phone', 'email', 'vat_id', 'country_code', 'created_at', 'updated_at'] as const;

export async function findManufacturer(db: Db, id: number) {
  return db.selectFrom('manufacturers').select(COLUMNS).where('id', '=', id).executeTakeFirst();
}

export async function listManufacturers(db: Db, search: string | undefined, page: PageRequest) {
  let query = db.selectFrom('manufacturers');
  if (search) {
    const pattern = `%${escapeLike(search)}%`;
    query = query.where((eb) => eb.or([eb('name', 'ilike', pattern), eb('email', 'ilike', pattern)]));
  }
  const [rows, count] = await Promise.all([
    query.select(COLUMNS).orderBy('id').limit(page.perPage).offset(page.offset).execute(),
    query.select(sql<string>`count(*)`.as('total')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}

export async function updateManufacturer(db: Db, id: number, changes: ManufacturerUpdate) {
  return db
    .updateTable('manufacturers')
    .set({ ...changes, updated_at: sql<Date>`now()` as unknown as Date })
    .where('id', '=', id)
    .returning(COLUMNS)
    .executeTakeFirst();
}

/** `%` and `_` typed by a user are searched for literally. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}
