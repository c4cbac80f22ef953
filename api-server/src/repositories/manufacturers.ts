import { sql } from 'kysely';
import type { Db } from '../db/database';
import { escapeLike } from '../lib/like-pattern';
import type { ManufacturerUpdate, NewManufacturer } from '../db/schema';
import type { PageRequest } from '../lib/paging';
import { databaseNow } from '../db/now';

/** Empty text means "no value". */
const blankToNull = (value: string | null | undefined) => (value === undefined ? undefined : value?.trim() ? value.trim() : null);

/** The stored form of the fields given (absent ones stay absent): trimmed, blanks as null, country codes in capitals. */
export function normalizeManufacturerFields(fields: Partial<Record<'name' | 'address' | 'phone' | 'email' | 'vat_id' | 'country_code', string | null>>) {
  const normalized: ManufacturerUpdate = {};
  if (fields.name !== undefined) normalized.name = fields.name?.trim() ?? '';
  for (const field of ['address', 'phone', 'email', 'vat_id'] as const) {
    const value = blankToNull(fields[field]);
    if (value !== undefined) normalized[field] = value;
  }
  const countryCode = blankToNull(fields.country_code);
  if (countryCode !== undefined) normalized.country_code = countryCode?.toUpperCase() ?? null;
  return normalized;
}

const COLUMNS = ['id', 'name', 'manufacturer_pool_id', 'address', 'phone', 'email', 'vat_id', 'country_code', 'created_at', 'updated_at'] as const;

export async function findManufacturer(db: Db, id: number) {
  return db.selectFrom('manufacturers').select(COLUMNS).where('id', '=', id).executeTakeFirst();
}

/** The row, locked until the transaction ends: read it before changing it, so the audit's "before" is exact. */
export async function findManufacturerForUpdate(trx: Db, id: number) {
  return trx.selectFrom('manufacturers').select(COLUMNS).where('id', '=', id).forUpdate().executeTakeFirst();
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

export async function insertManufacturer(db: Db, values: NewManufacturer) {
  return db.insertInto('manufacturers').values(values).returning(COLUMNS).executeTakeFirstOrThrow();
}

export async function updateManufacturer(db: Db, id: number, changes: ManufacturerUpdate) {
  return db
    .updateTable('manufacturers')
    .set({ ...changes, updated_at: databaseNow() })
    .where('id', '=', id)
    .returning(COLUMNS)
    .executeTakeFirst();
}
