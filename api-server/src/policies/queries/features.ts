import type { Db } from '../../db/database';
import { apiTimestampSql } from '../../db/api-timestamps';

const featureColumns = (db: Db) =>
  db
    .selectFrom('product_features as f')
    .select((eb) => [
      'f.id',
      'f.product_id',
      'f.key',
      'f.label',
      apiTimestampSql(eb.ref('f.created_at')).as('created_at'),
      apiTimestampSql(eb.ref('f.updated_at')).as('updated_at'),
    ]);

/** A product's features, in key order. */
export function listFeatures(db: Db, productId: number) {
  return featureColumns(db).where('f.product_id', '=', productId).orderBy('f.key').execute();
}

export function findFeature(db: Db, productId: number, featureId: number) {
  return featureColumns(db).where('f.product_id', '=', productId).where('f.id', '=', featureId).executeTakeFirst();
}

export function findFeatureByKey(db: Db, productId: number, key: string) {
  return db
    .selectFrom('product_features')
    .select('id')
    .where('product_id', '=', productId)
    .where('key', '=', key)
    .executeTakeFirst();
}

export function insertFeature(
  db: Db,
  values: { manufacturerId: number; productId: number; key: string; label: string },
) {
  return db
    .insertInto('product_features')
    .values({
      manufacturer_id: values.manufacturerId,
      product_id: values.productId,
      key: values.key,
      label: values.label,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
}

export function updateFeatureLabel(db: Db, productId: number, featureId: number, label: string) {
  return db
    .updateTable('product_features')
    .set({ label, updated_at: new Date() })
    .where('product_id', '=', productId)
    .where('id', '=', featureId)
    .executeTakeFirst();
}

/** The names of the editions that hold the feature, in name order. */
export async function editionsHoldingFeature(db: Db, featureId: number): Promise<string[]> {
  const rows = await db
    .selectFrom('product_edition_features as ef')
    .innerJoin('product_editions as e', 'e.id', 'ef.edition_id')
    .select('e.name')
    .where('ef.feature_id', '=', featureId)
    .orderBy('e.name')
    .execute();
  return rows.map((row) => row.name);
}

export function deleteFeature(db: Db, productId: number, featureId: number) {
  return db.deleteFrom('product_features').where('product_id', '=', productId).where('id', '=', featureId).execute();
}

/** The ids of the product's features with these keys (the keys not found are missing from the answer). */
export function featureIdsByKey(db: Db, productId: number, keys: string[]) {
  if (keys.length === 0) return Promise.resolve([] as { id: number; key: string }[]);
  return db
    .selectFrom('product_features')
    .select(['id', 'key'])
    .where('product_id', '=', productId)
    .where('key', 'in', keys)
    .execute();
}
