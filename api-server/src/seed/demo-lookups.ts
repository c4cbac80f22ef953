import type { Db } from '../db/database';

/** A demo product by its identifier, or undefined when the demo was seeded without it. */
export const findDemoProduct = (db: Db, identifier: string) =>
  db.selectFrom('products').select(['id', 'manufacturer_id']).where('identifier', '=', identifier).executeTakeFirst();

/** A demo staff login and a demo product of the same manufacturer, or undefined when the demo lacks either. */
export async function findDemoStaffAndProduct(db: Db, staffEmail: string, productIdentifier: string) {
  const [staff, product] = await Promise.all([
    db
      .selectFrom('system_users')
      .select(['id', 'email', 'manufacturer_id'])
      .where('email', '=', staffEmail)
      .executeTakeFirst(),
    findDemoProduct(db, productIdentifier),
  ]);
  if (!staff || !product || staff.manufacturer_id !== product.manufacturer_id) return undefined;
  return { staff, product };
}
