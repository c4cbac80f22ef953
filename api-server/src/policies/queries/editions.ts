import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { apiTimestampSql } from '../../db/api-timestamps';

const editionColumns = (db: Db) =>
  db.selectFrom('product_editions as e').select((eb) => [
    'e.id',
    'e.product_id',
    'e.name',
    sql<string[]>`coalesce((
        SELECT array_agg(f.key ORDER BY f.key) FROM product_edition_features ef
        JOIN product_features f ON f.id = ef.feature_id WHERE ef.edition_id = e.id), '{}')`.as('features'),
    apiTimestampSql(eb.ref('e.created_at')).as('created_at'),
    apiTimestampSql(eb.ref('e.updated_at')).as('updated_at'),
  ]);

/** A product's editions with their feature keys, in name order. */
export function listEditions(db: Db, productId: number) {
  return editionColumns(db)
    .where('e.product_id', '=', productId)
    .orderBy(sql`lower(e.name)`)
    .execute();
}

export function findEdition(db: Db, productId: number, editionId: number) {
  return editionColumns(db).where('e.product_id', '=', productId).where('e.id', '=', editionId).executeTakeFirst();
}

/** Another edition of the product with this name, whatever its case. */
export function findEditionNamed(db: Db, productId: number, name: string, exceptId?: number) {
  let query = db
    .selectFrom('product_editions')
    .select('id')
    .where('product_id', '=', productId)
    .where(sql<boolean>`lower(name) = lower(${name})`);
  if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
  return query.executeTakeFirst();
}

export function insertEdition(db: Db, values: { manufacturerId: number; productId: number; name: string }) {
  return db
    .insertInto('product_editions')
    .values({ manufacturer_id: values.manufacturerId, product_id: values.productId, name: values.name })
    .returning('id')
    .executeTakeFirstOrThrow();
}

export function renameEdition(db: Db, productId: number, editionId: number, name: string) {
  return db
    .updateTable('product_editions')
    .set({ name, updated_at: new Date() })
    .where('product_id', '=', productId)
    .where('id', '=', editionId)
    .executeTakeFirst();
}

/** The edition's features become exactly these. */
export async function replaceEditionFeatures(db: Db, editionId: number, featureIds: number[]) {
  await db.deleteFrom('product_edition_features').where('edition_id', '=', editionId).execute();
  if (featureIds.length > 0)
    await db
      .insertInto('product_edition_features')
      .values(featureIds.map((featureId) => ({ edition_id: editionId, feature_id: featureId })))
      .execute();
}

/** How many licences and policies name the edition (its product's licences: read through the product's index). */
export async function editionUse(db: Db, productId: number, editionId: number) {
  const row = await db
    .selectNoFrom([
      sql<number>`(SELECT count(*) FROM licenses WHERE product_id = ${productId} AND edition_id = ${editionId})::integer`.as(
        'licenses',
      ),
      sql<number>`(SELECT count(*) FROM license_policies WHERE edition_id = ${editionId})::integer`.as('policies'),
    ])
    .executeTakeFirstOrThrow();
  return row;
}

export function deleteEdition(db: Db, productId: number, editionId: number) {
  return db.deleteFrom('product_editions').where('product_id', '=', productId).where('id', '=', editionId).execute();
}
