import { sql } from 'kysely';
import type { DisableReason, Order, OrderSummary } from 'shared-kit/contract';
import type { Db } from '../../db/database';
import type { PageRequest } from '../../lib/paging';
import { escapeLike } from '../../lib/like-pattern';
import { databaseNow } from '../../db/now';
import { orderDb } from './order-tables';
import { ORDER_COLUMNS, toOrder, toOrderSummary, type OrderRow } from '../order-shape';

/** The order that holds the key: its request's hash and the answer it was given. */
export async function findOrderByKey(db: Db, manufacturerId: number, idempotencyKey: string) {
  return orderDb(db)
    .selectFrom('orders')
    .select(['id', 'request_hash', 'answer'])
    .where('manufacturer_id', '=', manufacturerId)
    .where('idempotency_key', '=', idempotencyKey)
    .executeTakeFirst();
}

/** The manufacturer's products among `ids` (their id and name). */
export async function findProductsOf(trx: Db, manufacturerId: number, ids: number[]) {
  if (ids.length === 0) return [];
  return trx
    .selectFrom('products')
    .select(['id', 'name'])
    .where('manufacturer_id', '=', manufacturerId)
    .where('id', 'in', ids)
    .execute();
}

/** An order with its lines and licences; `manufacturerId` null (the superuser) reaches any manufacturer's. */
export async function findOrder(db: Db, manufacturerId: number | null, id: number): Promise<Order | undefined> {
  let query = orderDb(db).selectFrom('orders as o').select(ORDER_COLUMNS).where('o.id', '=', id);
  if (manufacturerId !== null) query = query.where('o.manufacturer_id', '=', manufacturerId);
  const row = await query.executeTakeFirst();
  if (!row) return undefined;
  const lines = await orderDb(db)
    .selectFrom('order_lines as ol')
    .innerJoin('products as p', 'p.id', 'ol.product_id')
    .select(['ol.id', 'ol.product_id', 'p.name as product_name', 'ol.license_type', 'ol.quantity'])
    .where('ol.order_id', '=', id)
    .orderBy('ol.id')
    .execute();
  const licenses = await orderDb(db)
    .selectFrom('order_licenses as ok')
    .innerJoin('licenses as l', 'l.id', 'ok.license_id')
    .select(['l.id', 'l.serial', 'l.product_id', 'l.license_type', 'l.disabled', 'l.disabled_reason'])
    .where('ok.order_id', '=', id)
    .orderBy('l.id')
    .execute();
  return toOrder(row as OrderRow, lines, licenses);
}

/** The order row, locked for a change in this transaction; `manufacturerId` null reaches any manufacturer's. */
export async function lockOrder(trx: Db, manufacturerId: number | null, id: number) {
  let query = orderDb(trx).selectFrom('orders').select(['id', 'manufacturer_id', 'status']).where('id', '=', id);
  if (manufacturerId !== null) query = query.where('manufacturer_id', '=', manufacturerId);
  return query.forUpdate().executeTakeFirst();
}

export async function orderLicenseIds(trx: Db, orderId: number): Promise<number[]> {
  const rows = await orderDb(trx)
    .selectFrom('order_licenses')
    .select('license_id')
    .where('order_id', '=', orderId)
    .orderBy('license_id')
    .execute();
  return rows.map((row) => row.license_id);
}

export async function markRefunded(trx: Db, orderId: number, reason: DisableReason): Promise<void> {
  await orderDb(trx)
    .updateTable('orders')
    .set({ status: 'refunded', refund_reason: reason, refunded_at: databaseNow(), updated_at: databaseNow() })
    .where('id', '=', orderId)
    .execute();
}

/** The orders whose buyer email or external order id contains `search` (case-insensitively); all without it. */
function ordersOf(db: Db, manufacturerId: number, search: string | undefined) {
  let query = orderDb(db).selectFrom('orders as o').where('o.manufacturer_id', '=', manufacturerId);
  if (search) {
    const pattern = `%${escapeLike(search)}%`;
    query = query.where((eb) =>
      eb.or([eb('o.buyer_email', 'ilike', pattern), eb('o.external_order_id', 'ilike', pattern)]),
    );
  }
  return query;
}

const licenseCount = sql<string>`(SELECT count(*) FROM order_licenses ok WHERE ok.order_id = o.id)`;

/** A page of the manufacturer's orders, newest first, with the total of the search. */
export async function listOrders(
  db: Db,
  manufacturerId: number,
  search: string | undefined,
  page: PageRequest,
): Promise<{ rows: OrderSummary[]; total: number }> {
  const [rows, count] = await Promise.all([
    ordersOf(db, manufacturerId, search)
      .select([...ORDER_COLUMNS, licenseCount.as('license_count')])
      .orderBy('o.id', 'desc')
      .limit(page.perPage)
      .offset(page.offset)
      .execute(),
    ordersOf(db, manufacturerId, search)
      .select(sql<string>`count(*)`.as('total'))
      .executeTakeFirstOrThrow(),
  ]);
  return {
    rows: rows.map((row) => toOrderSummary(row as OrderRow & { license_count: string })),
    total: Number(count.total),
  };
}

/** The order a licence came from, if it came from one. */
export async function findLicenseOrder(
  db: Db,
  manufacturerId: number,
  licenseId: number,
): Promise<OrderSummary | undefined> {
  const row = await orderDb(db)
    .selectFrom('order_licenses as ol')
    .innerJoin('orders as o', 'o.id', 'ol.order_id')
    .select([...ORDER_COLUMNS, licenseCount.as('license_count')])
    .where('ol.license_id', '=', licenseId)
    .where('o.manufacturer_id', '=', manufacturerId)
    .executeTakeFirst();
  return row && toOrderSummary(row as OrderRow & { license_count: string });
}

/** The export's rows: the list's search, newest first (docs/history-and-export.md). */
export function orderExportRows(db: Db, manufacturerId: number, search: string | undefined) {
  return ordersOf(db, manufacturerId, search)
    .select([...ORDER_COLUMNS, licenseCount.as('license_count')])
    .orderBy('o.id', 'desc');
}
