import type { Db } from '../db/database';

/**
 * The licence a plugin names by serial, only if it belongs to the product the plugin names (a serial of another
 * product is answered like an unknown one); `lock` holds the licence row for the rest of the transaction.
 */
export async function findClientLicense(db: Db, productId: number, serial: string, lock = false) {
  let query = db
    .selectFrom('licenses as l')
    .innerJoin('end_users as u', 'u.id', 'l.user_id')
    .innerJoin('products as p', 'p.id', 'l.product_id')
    .select([
      'l.id',
      'l.manufacturer_id',
      'l.serial',
      'l.license_type',
      'l.disabled',
      'l.disabled_reason',
      'l.user_id',
      'u.email as user_email',
      'p.identifier as product_identifier',
      'p.private_key_encrypted',
      'p.machine_limit',
    ])
    .where('l.serial', '=', serial)
    .where('l.product_id', '=', productId);
  if (lock) query = query.forUpdate('l');
  return query.executeTakeFirst();
}

export type ClientLicense = NonNullable<Awaited<ReturnType<typeof findClientLicense>>>;

/** The product a plugin names: its key and the settings the client calls need. */
export async function findClientProduct(db: Db, productId: number) {
  return db.selectFrom('products').select(['id', 'manufacturer_id', 'trial_days', 'private_key_encrypted']).where('id', '=', productId).executeTakeFirst();
}
