import { sql } from 'kysely';
import type { Db } from '../db/database';
import { escapeLike } from '../lib/like-pattern';
import type { ManufacturerUpdate, NewManufacturer } from '../db/schema';
import type { PageRequest } from '../lib/paging';
import { databaseNow } from '../db/now';
import { apiTimestampSql } from '../db/api-timestamps';
import { oneQueryPageTextQuery, pageAsJson, pageTextOf, rowAsJsonTextQuery } from '../db/one-query-page';
import { compiledOncePerShape } from '../db/compiled-once';

/** Empty text means "no value". */
const blankToNull = (value: string | null | undefined) =>
  value === undefined ? undefined : value?.trim() ? value.trim() : null;

/** The stored form of the fields given (absent ones stay absent): trimmed, blanks as null, country codes in capitals. */
export function normalizeManufacturerFields(
  fields: Partial<Record<'name' | 'address' | 'phone' | 'email' | 'vat_id' | 'country_code', string | null>>,
) {
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

const COLUMNS = [
  'id',
  'name',
  'manufacturer_pool_id',
  'address',
  'phone',
  'email',
  'vat_id',
  'country_code',
  'created_at',
  'updated_at',
] as const;

/**
 * A manufacturer as the API answers it (`Manufacturer`), in the schema's field order: timestamps in the contract's
 * format, and country_code (char(2), which PostgreSQL pads) trimmed.
 */
const ANSWER_COLUMNS = [
  'id',
  'name',
  'manufacturer_pool_id',
  'address',
  'phone',
  'email',
  'vat_id',
  sql<string | null>`btrim(country_code)`.as('country_code'),
  apiTimestampSql(sql.ref<Date>('created_at')).as('created_at'),
  apiTimestampSql(sql.ref<Date>('updated_at')).as('updated_at'),
] as const;

export async function findManufacturer(db: Db, id: number) {
  return db.selectFrom('manufacturers').select(COLUMNS).where('id', '=', id).executeTakeFirst();
}

/** The row, locked until the transaction ends: read it before changing it, so the audit's "before" is exact. */
export async function findManufacturerForUpdate(trx: Db, id: number) {
  return trx.selectFrom('manufacturers').select(COLUMNS).where('id', '=', id).forUpdate().executeTakeFirst();
}

/** A page of manufacturers (optionally those whose name or email contains `search`) with its total, in one statement; the page is the JSON text of its `Manufacturer` rows. */
export async function listManufacturers(db: Db, search: string | undefined, page: PageRequest) {
  const values = { perPage: page.perPage, offset: page.offset };
  const { rows } = search
    ? await manufacturerPageStatement(db, 'search', { ...values, pattern: `%${escapeLike(search)}%` })
    : await manufacturerPageStatement(db, 'all', values);
  return pageTextOf(rows[0])!;
}

/** `pattern`: an ILIKE pattern (`%text%`, the text's own wildcards escaped). */
const manufacturerPageStatement = compiledOncePerShape(
  (
    db: Db,
    _shape: 'all' | 'search',
    { perPage, offset, pattern }: { perPage: number; offset: number; pattern?: string },
  ) => {
    let query = db.selectFrom('manufacturers');
    if (pattern !== undefined)
      query = query.where((eb) => eb.or([eb('name', 'ilike', pattern), eb('email', 'ilike', pattern)]));
    const total = query.select(sql<string>`count(*)`.as('total'));
    const rows = pageAsJson(db, query.select(ANSWER_COLUMNS).orderBy('id').limit(perPage).offset(offset));
    return oneQueryPageTextQuery(db, { total, rows });
  },
);

/** The manufacturer as the JSON text of a `Manufacturer`, or undefined. */
export async function findManufacturerJson(db: Db, id: number): Promise<string | undefined> {
  return (await manufacturerJsonStatement(db, 'one', { id })).rows[0]?.json;
}

const manufacturerJsonStatement = compiledOncePerShape((db: Db, _shape: 'one', { id }: { id: number }) =>
  rowAsJsonTextQuery(db, db.selectFrom('manufacturers').select(ANSWER_COLUMNS).where('id', '=', id)),
);

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
