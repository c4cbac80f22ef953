import { sql, type SqlBool } from 'kysely';
import type { License, LicenseType } from 'shared-kit/contract';
import type { Db } from '../../db/database';
import type { PageRequest } from '../../lib/paging';
import { listTotalQuery } from '../../db/list-totals';
import { licenseColumns } from '../license-shape';
import {
  oneQueryPageTextQuery,
  pageAsJson,
  pageIdsFromNearerEnd,
  pageTextOf,
  rowAsJsonTextQuery,
} from '../../db/one-query-page';
import { compiledOncePerShape } from '../../db/compiled-once';
import { escapeLike } from '../../lib/like-pattern';
import { databaseNow } from '../../db/now';
import { tenantRowsById } from '../../db/tenant-rows-by-id';

/** Whose licences a list shows: one product's or one end user's. */
export type LicenseScope = { productId: number } | { userId: number };

function licensesWithOwnerAndProduct(db: Db, manufacturerId: number) {
  return anyTenantsLicensesWithOwnerAndProduct(db).where('l.manufacturer_id', '=', manufacturerId);
}

function anyTenantsLicensesWithOwnerAndProduct(db: Db) {
  return db
    .selectFrom('licenses as l')
    .innerJoin('end_users as u', 'u.id', 'l.user_id')
    .innerJoin('products as p', 'p.id', 'l.product_id');
}

/**
 * A page of a product's licences (optionally only owners whose email contains `email`) or of a user's, with
 * its total, in one statement that also checks the product or user is the manufacturer's: undefined if not.
 * The page comes as the JSON text of its `License` rows.
 */
export async function listLicenses(
  db: Db,
  manufacturerId: number,
  scope: LicenseScope,
  email: string | undefined,
  page: PageRequest,
) {
  const byProduct = 'productId' in scope;
  const values = {
    manufacturerId,
    scopeId: byProduct ? scope.productId : scope.userId,
    perPage: page.perPage,
    offset: page.offset,
  };
  const { rows } = email
    ? await licensePageStatement(db, byProduct ? 'product-email' : 'user-email', {
        ...values,
        emailPattern: `%${escapeLike(email)}%`,
      })
    : await licensePageStatement(db, byProduct ? 'product' : 'user', values);
  return pageTextOf(rows[0]);
}

type LicensePageShape = 'product' | 'user' | 'product-email' | 'user-email';
interface LicensePageValues {
  manufacturerId: number;
  scopeId: number;
  perPage: number;
  offset: number;
  emailPattern?: string;
}

const licensePageStatement = compiledOncePerShape(
  (db: Db, shape: LicensePageShape, { manufacturerId, scopeId, perPage, offset, emailPattern }: LicensePageValues) => {
    const byProduct = shape === 'product' || shape === 'product-email';
    const scope: LicenseScope = byProduct ? { productId: scopeId } : { userId: scopeId };
    const parent = byProduct
      ? db.selectFrom('products').select('id').where('id', '=', scopeId).where('manufacturer_id', '=', manufacturerId)
      : db.selectFrom('end_users').select('id').where('id', '=', scopeId).where('manufacturer_id', '=', manufacturerId);
    const page = { perPage, offset };
    const parts =
      emailPattern === undefined
        ? allLicenses(db, manufacturerId, scope, page)
        : searchedLicenses(db, manufacturerId, scope, emailPattern, page);
    return oneQueryPageTextQuery(db, { found: sql<SqlBool>`exists (${parent})`, ...parts });
  },
);

/** `emailPattern`: an ILIKE pattern (`%text%`, the text's own wildcards escaped). */
function searchedLicenses(
  db: Db,
  manufacturerId: number,
  scope: LicenseScope,
  emailPattern: string,
  page: Pick<PageRequest, 'perPage' | 'offset'>,
) {
  let query = licensesWithOwnerAndProduct(db, manufacturerId);
  query =
    'productId' in scope
      ? query.where('l.product_id', '=', scope.productId)
      : query.where('l.user_id', '=', scope.userId);
  // The owner's tenant, though implied by the licence's, lets the planner search the tenant's own users (the
  // list index carries their emails) instead of every tenant's trigram posting lists.
  query = query.where('u.manufacturer_id', '=', manufacturerId).where('u.email', 'ilike', emailPattern);
  return {
    total: query.select(sql<string>`count(*)`.as('total')),
    rows: pageAsJson(db, query.select(licenseColumns).orderBy('l.id').limit(page.perPage).offset(page.offset)),
  };
}

/**
 * Unfiltered: the page's ids come from an index-only walk of the licences alone, from the nearer end of the list
 * (a deep page skips index entries, not joined rows, and never more than half of them); only those rows are
 * joined, and the total is the trigger-kept count.
 */
function allLicenses(
  db: Db,
  manufacturerId: number,
  scope: LicenseScope,
  page: Pick<PageRequest, 'perPage' | 'offset'>,
) {
  const [column, scopeId, list] =
    'productId' in scope
      ? (['product_id', scope.productId, 'product_licenses'] as const)
      : (['user_id', scope.userId, 'user_licenses'] as const);
  const total = listTotalQuery(db, list, scopeId);
  const ids = db
    .selectFrom('licenses')
    .select('id')
    .where('manufacturer_id', '=', manufacturerId)
    .where(column, '=', scopeId);
  const pageIds = pageIdsFromNearerEnd(ids, total, page);
  return {
    total,
    rows: pageAsJson(
      db,
      licensesWithOwnerAndProduct(db, manufacturerId)
        .where(sql<SqlBool>`l.id IN (${pageIds})`)
        .select(licenseColumns),
    ),
  };
}

/** The manufacturer's licences of `ids` as the API shows them, in the order of `ids` (missing ones left out). */
export async function findLicenses(db: Db, manufacturerId: number, ids: number[]): Promise<License[]> {
  if (ids.length === 0) return [];
  const rows: License[] = await licensesWithOwnerAndProduct(db, manufacturerId)
    .where('l.id', 'in', ids)
    .select(licenseColumns)
    .execute();
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

export async function findLicense(db: Db, manufacturerId: number, id: number): Promise<License | undefined> {
  const [license] = await findLicenses(db, manufacturerId, [id]);
  return license;
}

/** The manufacturer's licence as the JSON text of a `License`, or undefined (another tenant's is as missing). */
export async function findLicenseJson(db: Db, manufacturerId: number, id: number): Promise<string | undefined> {
  return (await licenseJsonStatement(db, 'one', { manufacturerId, id })).rows[0]?.json;
}

const licenseJsonStatement = compiledOncePerShape(
  (db: Db, _shape: 'one', { manufacturerId, id }: { manufacturerId: number; id: number }) =>
    rowAsJsonTextQuery(
      db,
      licensesWithOwnerAndProduct(db, manufacturerId).where('l.id', '=', id).select(licenseColumns),
    ),
);

/** The manufacturer's licences of `ids` as the JSON text of `License` rows, in the order of `ids` (missing ones left out). */
export async function findLicensesJson(db: Db, manufacturerId: number, ids: number[]): Promise<string> {
  const rows = anyTenantsLicensesWithOwnerAndProduct(db)
    .where(tenantRowsById('l', ids, manufacturerId))
    .select(licenseColumns);
  const { rows: found } = await sql<{
    json: string;
  }>`SELECT coalesce(json_agg(page.* ORDER BY wanted.n), '[]')::text AS json
    FROM (${rows}) AS page JOIN unnest(${ids}::int[]) WITH ORDINALITY AS wanted (id, n) ON wanted.id = page.id`.execute(
    db,
  );
  return found[0].json;
}

/** The ids of the manufacturer's licences of `ids`, locked for a change in this transaction; missing or foreign ids are left out. */
export async function lockLicenseIds(trx: Db, manufacturerId: number, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await trx
    .selectFrom('licenses as l')
    .select('l.id')
    .where(tenantRowsById('l', ids, manufacturerId))
    .orderBy('l.id')
    .forUpdate()
    .execute();
  return rows.map((row) => row.id);
}

/** Locks the manufacturer's licences of `ids` for a change in this transaction; missing or foreign ids are left out. */
export async function lockLicenses(trx: Db, manufacturerId: number, ids: number[]) {
  if (ids.length === 0) return [];
  return trx
    .selectFrom('licenses')
    .selectAll()
    .where('manufacturer_id', '=', manufacturerId)
    .where('id', 'in', ids)
    .orderBy('id')
    .forUpdate()
    .execute();
}

/** Moves a licence to another end user and records the transfer. */
export async function transferLicense(
  trx: Db,
  license: { id: number; manufacturer_id: number; user_id: number },
  toUserId: number,
) {
  const after = await trx
    .updateTable('licenses')
    .set({ user_id: toUserId, updated_at: databaseNow() })
    .where('id', '=', license.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  const transfer = await trx
    .insertInto('license_transfers')
    .values({
      manufacturer_id: license.manufacturer_id,
      license_id: license.id,
      from_user_id: license.user_id,
      to_user_id: toUserId,
    })
    .returning(['id', 'created_at'])
    .executeTakeFirstOrThrow();
  return { after, transfer };
}

export async function insertLicense(
  trx: Db,
  values: { manufacturerId: number; productId: number; userId: number; licenseType: LicenseType; serial: string },
) {
  return trx
    .insertInto('licenses')
    .values({
      manufacturer_id: values.manufacturerId,
      product_id: values.productId,
      user_id: values.userId,
      license_type: values.licenseType,
      serial: values.serial,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Several licences in one statement (an order's units): each gets its policy's terms from the insert trigger. */
export async function insertLicenses(
  trx: Db,
  rows: { manufacturerId: number; productId: number; userId: number; licenseType: LicenseType; serial: string }[],
) {
  if (rows.length === 0) return [];
  return trx
    .insertInto('licenses')
    .values(
      rows.map((values) => ({
        manufacturer_id: values.manufacturerId,
        product_id: values.productId,
        user_id: values.userId,
        license_type: values.licenseType,
        serial: values.serial,
      })),
    )
    .returningAll()
    .execute();
}
