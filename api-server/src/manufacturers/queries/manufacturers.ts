import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { escapeLike } from '../../lib/like-pattern';
import type { ManufacturerUpdate, NewManufacturer } from '../../db/schema';
import type { PageRequest } from '../../lib/paging';
import { databaseNow } from '../../db/now';
import { MANUFACTURER_ANSWER_COLUMNS, MANUFACTURER_COLUMNS } from '../manufacturer-shape';
import { oneQueryPageTextQuery, pageAsJson, pageTextOf, rowAsJsonTextQuery } from '../../db/one-query-page';
import { compiledOncePerShape } from '../../db/compiled-once';

const manufacturerOf = (db: Db, id: number) =>
  db.selectFrom('manufacturers').select(MANUFACTURER_COLUMNS).where('id', '=', id);

export async function findManufacturer(db: Db, id: number) {
  return manufacturerOf(db, id).executeTakeFirst();
}

/** The row, locked until the transaction ends: read it before changing it, so the audit's "before" is exact. */
export async function findManufacturerForUpdate(trx: Db, id: number) {
  return manufacturerOf(trx, id).forUpdate().executeTakeFirst();
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
    const rows = pageAsJson(db, query.select(MANUFACTURER_ANSWER_COLUMNS).orderBy('id').limit(perPage).offset(offset));
    return oneQueryPageTextQuery(db, { total, rows });
  },
);

/** The manufacturer as the JSON text of a `Manufacturer`, or undefined. */
export async function findManufacturerJson(db: Db, id: number): Promise<string | undefined> {
  return (await manufacturerJsonStatement(db, 'one', { id })).rows[0]?.json;
}

const manufacturerJsonStatement = compiledOncePerShape((db: Db, _shape: 'one', { id }: { id: number }) =>
  rowAsJsonTextQuery(db, db.selectFrom('manufacturers').select(MANUFACTURER_ANSWER_COLUMNS).where('id', '=', id)),
);

export async function insertManufacturer(db: Db, values: NewManufacturer) {
  return db.insertInto('manufacturers').values(values).returning(MANUFACTURER_COLUMNS).executeTakeFirstOrThrow();
}

export async function updateManufacturer(db: Db, id: number, changes: ManufacturerUpdate): Promise<void> {
  await db
    .updateTable('manufacturers')
    .set({ ...changes, updated_at: databaseNow() })
    .where('id', '=', id)
    .execute();
}
