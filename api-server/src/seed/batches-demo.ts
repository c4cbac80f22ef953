import type { Db } from '../db/database';
import { createBatch, voidBatchSerials } from '../batches/batch-rules';
import { redeemSerial } from '../batches/redeem';
import { findDemoStaffAndProduct } from './demo-lookups';

/** Not a product or licence the console's end-to-end tests count on (as in demo-history.ts). */
const PRODUCT_IDENTIFIER = 'com.aurora.compressor';
const STAFF_EMAIL = 'staff@aurora-audio.example';

/**
 * Reseller batches of Aurora Compressor, made by its staff as the console makes them: one for a shop whose buyers
 * redeemed two serials (the demo's newest customers, so the demo keeps its users), one partly voided, one untouched.
 */
export async function seedBatchesDemo(db: Db, publicUrl: string): Promise<void> {
  const demo = await findDemoStaffAndProduct(db, STAFF_EMAIL, PRODUCT_IDENTIFIER);
  if (!demo) return;
  const { staff, product } = demo;
  const owner = { manufacturerId: product.manufacturer_id, productId: product.id };
  const actor = { systemUserId: staff.id };
  const customers = await db
    .selectFrom('end_users')
    .select(['id', 'email'])
    .where('manufacturer_id', '=', owner.manufacturerId)
    .orderBy('id', 'desc')
    .limit(2)
    .execute();
  if (customers.length < 2) return;

  const sold = await createBatch(db, actor, owner, {
    license_type: 'Standard',
    count: 50,
    reseller: 'Thomann',
    note: 'Boxed copies for the winter catalogue',
  });
  const serials = await db
    .selectFrom('batch_serials')
    .select('serial')
    .where('batch_id', '=', sold.id)
    .orderBy('serial')
    .limit(customers.length)
    .execute();
  for (const [n, customer] of customers.entries())
    await redeemSerial(
      db,
      {
        sessionId: 0,
        endUserId: customer.id,
        email: customer.email,
        manufacturerId: owner.manufacturerId,
        manufacturerName: '',
        slug: '',
      },
      serials[n].serial,
      publicUrl,
    );

  const withdrawn = await createBatch(db, actor, owner, {
    license_type: 'NFR',
    count: 20,
    reseller: 'Plugin Boutique',
    note: 'Press copies; the unsent half withdrawn',
  });
  const unsent = await db
    .selectFrom('batch_serials')
    .select('serial')
    .where('batch_id', '=', withdrawn.id)
    .orderBy('serial')
    .limit(10)
    .execute();
  await voidBatchSerials(
    db,
    actor,
    owner,
    withdrawn.id,
    unsent.map((row) => row.serial),
  );

  await createBatch(db, actor, owner, { license_type: 'Standard', count: 100, reseller: 'Sweetwater' });
}
