import type { CreateStoreMappingBody, StoreName } from 'shared-kit/contract';
import type { Db } from '../../db/database';
import { storeDb } from './store-tables';

const mappingRows = (db: Db, manufacturerId: number, store: StoreName) =>
  storeDb(db)
    .selectFrom('store_mappings as m')
    .innerJoin('products as p', 'p.id', 'm.product_id')
    .select(['m.id', 'm.store_price_id', 'm.product_id', 'p.name as product_name', 'm.license_type', 'm.created_at'])
    .where('m.manufacturer_id', '=', manufacturerId)
    .where('m.store', '=', store);

export type StoreMappingRow = Awaited<ReturnType<typeof listStoreMappings>>[number];

export async function listStoreMappings(db: Db, manufacturerId: number, store: StoreName) {
  return mappingRows(db, manufacturerId, store).orderBy('m.store_price_id').execute();
}

export async function findStoreMapping(db: Db, manufacturerId: number, store: StoreName, mappingId: number) {
  return mappingRows(db, manufacturerId, store).where('m.id', '=', mappingId).executeTakeFirst();
}

/** The mapping rows of these store price ids (the ones a store event sells). */
export async function mappingsOfPrices(db: Db, manufacturerId: number, store: StoreName, priceIds: string[]) {
  if (priceIds.length === 0) return [];
  return storeDb(db)
    .selectFrom('store_mappings')
    .select(['store_price_id', 'product_id', 'license_type'])
    .where('manufacturer_id', '=', manufacturerId)
    .where('store', '=', store)
    .where('store_price_id', 'in', priceIds)
    .execute();
}

export async function countStoreMappings(db: Db, manufacturerId: number, store: StoreName): Promise<number> {
  const row = await storeDb(db)
    .selectFrom('store_mappings')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('manufacturer_id', '=', manufacturerId)
    .where('store', '=', store)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Undefined when the store price id is mapped already. */
export async function insertStoreMapping(
  db: Db,
  manufacturerId: number,
  store: StoreName,
  body: CreateStoreMappingBody,
): Promise<number | undefined> {
  const row = await storeDb(db)
    .insertInto('store_mappings')
    .values({ manufacturer_id: manufacturerId, store, ...body })
    .onConflict((oc) => oc.columns(['manufacturer_id', 'store', 'store_price_id']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}

export async function deleteStoreMapping(
  db: Db,
  manufacturerId: number,
  store: StoreName,
  mappingId: number,
): Promise<boolean> {
  const result = await storeDb(db)
    .deleteFrom('store_mappings')
    .where('manufacturer_id', '=', manufacturerId)
    .where('store', '=', store)
    .where('id', '=', mappingId)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** 'missing': no such mapping of this store; 'taken': another mapping of the store has that price id. */
export async function updateStoreMapping(
  db: Db,
  manufacturerId: number,
  store: StoreName,
  mappingId: number,
  body: CreateStoreMappingBody,
): Promise<'updated' | 'missing' | 'taken'> {
  const taken = await storeDb(db)
    .selectFrom('store_mappings')
    .select('id')
    .where('manufacturer_id', '=', manufacturerId)
    .where('store', '=', store)
    .where('store_price_id', '=', body.store_price_id)
    .where('id', '!=', mappingId)
    .executeTakeFirst();
  if (taken) return 'taken';
  const result = await storeDb(db)
    .updateTable('store_mappings')
    .set(body)
    .where('manufacturer_id', '=', manufacturerId)
    .where('store', '=', store)
    .where('id', '=', mappingId)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n ? 'updated' : 'missing';
}
