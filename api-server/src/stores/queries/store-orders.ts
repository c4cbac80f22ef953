import type { StoreName } from 'shared-kit/contract';
import type { Db } from '../../db/database';
import { storeDb } from './store-tables';

/** The order a store sale made, by the store's id of it (Stripe's payment intent, Paddle's transaction). */
export async function findStoreOrderId(
  db: Db,
  manufacturerId: number,
  store: StoreName,
  externalOrderId: string,
): Promise<number | undefined> {
  const row = await storeDb(db)
    .selectFrom('orders')
    .select('id')
    .where('manufacturer_id', '=', manufacturerId)
    .where('store', '=', store)
    .where('external_order_id', '=', externalOrderId)
    .orderBy('id')
    .executeTakeFirst();
  return row?.id;
}
