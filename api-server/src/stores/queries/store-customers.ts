import { sql } from 'kysely';
import type { StoreName } from 'shared-kit/contract';
import type { Db } from '../../db/database';
import { storeDb } from './store-tables';

export interface StoreCustomer {
  customerId: string;
  email: string;
  name: string | null;
}

export async function saveStoreCustomer(
  db: Db,
  manufacturerId: number,
  store: StoreName,
  customer: StoreCustomer,
): Promise<void> {
  await storeDb(db)
    .insertInto('store_customers')
    .values({
      manufacturer_id: manufacturerId,
      store,
      customer_id: customer.customerId,
      email: customer.email,
      name: customer.name,
    })
    .onConflict((oc) =>
      oc
        .columns(['manufacturer_id', 'store', 'customer_id'])
        .doUpdateSet({ email: customer.email, name: customer.name, updated_at: sql`now()` }),
    )
    .execute();
}

export async function findStoreCustomer(db: Db, manufacturerId: number, store: StoreName, customerId: string) {
  return storeDb(db)
    .selectFrom('store_customers')
    .select(['email', 'name'])
    .where('manufacturer_id', '=', manufacturerId)
    .where('store', '=', store)
    .where('customer_id', '=', customerId)
    .executeTakeFirst();
}
