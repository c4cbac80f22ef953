import { sql } from 'kysely';
import type { Db } from '../db/database';
import { findDemoProduct } from './demo-lookups';

const DEMO_PRODUCT = 'com.aurora.synth-engine';
const SEATS = 5;
const LEASE_MINUTES = 15;
const MAX_BORROW_DAYS = 14;

/**
 * Aurora Synth Engine's NFR licences float (docs/licensing.md): 5 seats each, 15-minute leases, up to 14 days'
 * borrowing. Its first NFR licence has two seats in use: a studio machine renewing its lease, and a laptop that
 * borrowed a seat for a week.
 */
export async function seedFloatingDemo(db: Db): Promise<void> {
  const product = await findDemoProduct(db, DEMO_PRODUCT);
  if (!product) return;
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('license_policies')
      .values({
        manufacturer_id: product.manufacturer_id,
        product_id: product.id,
        license_type: 'NFR',
        model: 'floating',
        seats: SEATS,
        lease_minutes: LEASE_MINUTES,
        max_borrow_days: MAX_BORROW_DAYS,
        term: 'perpetual',
      })
      .execute();
    const license = await trx
      .selectFrom('licenses')
      .select('id')
      .where('product_id', '=', product.id)
      .where('license_type', '=', 'NFR')
      .where('disabled', '=', false)
      .orderBy('id')
      .executeTakeFirst();
    if (!license) return;
    await sql`
      INSERT INTO license_leases (manufacturer_id, license_id, hardware_fingerprint, machine_name, borrowed, checked_out_at, expires_at)
      VALUES
        (${product.manufacturer_id}, ${license.id}, 'HWFP2-5A1C-0E77-93D2-B4F0', 'Studio A Mac Pro', false,
          date_trunc('second', now()) - interval '2 hours', date_trunc('second', now()) + make_interval(mins => ${LEASE_MINUTES})),
        (${product.manufacturer_id}, ${license.id}, 'HWFP2-C93E-41B8-7F20-1D6A', 'Field Recorder Laptop', true,
          date_trunc('second', now()) - interval '1 day', date_trunc('second', now()) + interval '6 days')`.execute(
      trx,
    );
  });
}
