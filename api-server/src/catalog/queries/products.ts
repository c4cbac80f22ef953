import { sql } from 'kysely';
import type { ProductType } from 'shared-kit/contract';
import type { Db } from '../../db/database';
import type { ProductsTable } from '../../db/schema';
import type { Insertable, Updateable } from 'kysely';
import type { PageRequest } from '../../lib/paging';
import { listTotalQuery } from '../../db/list-totals';
import { escapeLike } from '../../lib/like-pattern';
import { databaseNow } from '../../db/now';
import { PRODUCT_ANSWER_COLUMNS, PRODUCT_COLUMNS } from '../product-shape';
import { oneQueryPageTextQuery, pageAsJson, pageTextOf, rowAsJsonTextQuery } from '../../db/one-query-page';
import { compiledOncePerShape } from '../../db/compiled-once';

export type NewProduct = Insertable<ProductsTable>;
export type ProductChanges = Updateable<ProductsTable>;

export interface ProductFilter {
  /** Matches anywhere in the identifier, case-insensitively. */
  identifier?: string;
  type?: ProductType;
}

/** The manufacturer's product, as the query that reads it. */
const productOf = (db: Db, manufacturerId: number, id: number) =>
  db.selectFrom('products').select(PRODUCT_COLUMNS).where('manufacturer_id', '=', manufacturerId).where('id', '=', id);

export async function findProduct(db: Db, manufacturerId: number, id: number) {
  return productOf(db, manufacturerId, id).executeTakeFirst();
}

/** The product row locked for the rest of the transaction (serialises writes that depend on it). */
export async function lockProduct(db: Db, manufacturerId: number, id: number) {
  return productOf(db, manufacturerId, id).forUpdate().executeTakeFirst();
}

/** A page of the manufacturer's products with its total, in one statement; the page is the JSON text of its `Product` rows. */
export async function listProducts(db: Db, manufacturerId: number, filter: ProductFilter, page: PageRequest) {
  const values: ProductPageValues = { manufacturerId, perPage: page.perPage, offset: page.offset };
  if (filter.identifier) values.identifierPattern = `%${escapeLike(filter.identifier)}%`;
  if (filter.type) values.type = filter.type;
  const shape = `${filter.identifier ? 'identifier' : ''}-${filter.type ? 'type' : ''}` as const;
  return pageTextOf((await productPageStatement(db, shape, values)).rows[0])!;
}

interface ProductPageValues {
  manufacturerId: number;
  perPage: number;
  offset: number;
  /** An ILIKE pattern (`%text%`, the text's own wildcards escaped). */
  identifierPattern?: string;
  type?: ProductType;
}

const productPageStatement = compiledOncePerShape(
  (db: Db, _shape: `${'identifier' | ''}-${'type' | ''}`, values: ProductPageValues) => {
    const { manufacturerId, identifierPattern, type } = values;
    const page = { perPage: values.perPage, offset: values.offset };
    let query = db.selectFrom('products').where('manufacturer_id', '=', manufacturerId);
    if (identifierPattern !== undefined) query = query.where('identifier', 'ilike', identifierPattern);
    if (type !== undefined) query = query.where('type', '=', type);
    const filtered = identifierPattern !== undefined || type !== undefined;
    const total = filtered
      ? query.select(sql<string>`count(*)`.as('total'))
      : listTotalQuery(db, 'manufacturer_products', manufacturerId);
    // Filtered, the page's ids come from an index-only walk of the tenant's list index (it carries both filters), so
    // only the page's rows are read: the planner would otherwise join the trigram index's every-tenant posting lists.
    const pageIds = query.select('id').orderBy('id').limit(page.perPage).offset(page.offset);
    const pageQuery = filtered
      ? db.selectFrom('products').select(PRODUCT_ANSWER_COLUMNS).where('id', 'in', pageIds).orderBy('id')
      : query.select(PRODUCT_ANSWER_COLUMNS).orderBy('id').limit(page.perPage).offset(page.offset);
    const rows = pageAsJson(db, pageQuery);
    return oneQueryPageTextQuery(db, { total, rows });
  },
);

/** The manufacturer's product as the JSON text of a `Product`, or undefined (another tenant's is as missing). */
export async function findProductJson(db: Db, manufacturerId: number, id: number): Promise<string | undefined> {
  return (await productJsonStatement(db, 'one', { manufacturerId, id })).rows[0]?.json;
}

const productJsonStatement = compiledOncePerShape(
  (db: Db, _shape: 'one', { manufacturerId, id }: { manufacturerId: number; id: number }) =>
    rowAsJsonTextQuery(
      db,
      db
        .selectFrom('products')
        .select(PRODUCT_ANSWER_COLUMNS)
        .where('manufacturer_id', '=', manufacturerId)
        .where('id', '=', id),
    ),
);

/** Another product of the manufacturer with this identifier (identifiers are unique case-insensitively). */
export async function findProductByIdentifier(db: Db, manufacturerId: number, identifier: string, exceptId?: number) {
  let query = db
    .selectFrom('products')
    .select(['id', 'identifier'])
    .where('manufacturer_id', '=', manufacturerId)
    .where(sql<string>`lower(identifier)`, '=', identifier.toLowerCase());
  if (exceptId !== undefined) query = query.where('id', '<>', exceptId);
  return query.executeTakeFirst();
}

/** Content products that name this product as their dependency. */
export async function countDependants(db: Db, manufacturerId: number, productId: number): Promise<number> {
  const row = await db
    .selectFrom('products')
    .select(sql<string>`count(*)`.as('total'))
    .where('manufacturer_id', '=', manufacturerId)
    .where('dependency_id', '=', productId)
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

export async function insertProduct(db: Db, product: NewProduct) {
  return db.insertInto('products').values(product).returning(PRODUCT_COLUMNS).executeTakeFirstOrThrow();
}

export async function updateProduct(db: Db, manufacturerId: number, id: number, changes: ProductChanges) {
  return db
    .updateTable('products')
    .set({ ...changes, updated_at: databaseNow() })
    .where('manufacturer_id', '=', manufacturerId)
    .where('id', '=', id)
    .returning(PRODUCT_COLUMNS)
    .executeTakeFirstOrThrow();
}
