import type { Db } from '../../db/database';

/** The product a plugin names: its key and the settings the client calls need. */
export async function findClientProduct(db: Db, productId: number) {
  return db
    .selectFrom('products')
    .select(['id', 'manufacturer_id', 'trial_days', 'private_key_encrypted'])
    .where('id', '=', productId)
    .executeTakeFirst();
}
