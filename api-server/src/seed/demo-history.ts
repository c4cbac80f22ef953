import type { Db } from '../db/database';
import type { Principal } from '../auth/principal';
import { recordAudit } from '../audit/queries/audit-log';
import { lockLicenses } from '../licenses/queries/licenses';
import { changeLicenseStates } from '../licenses/queries/license-state-changes';
import { lockProduct, updateProduct } from '../catalog/queries/products';

/** Not a product or licence the console's end-to-end tests count on (as in client-activity.ts). */
const PRODUCT_IDENTIFIER = 'com.aurora.compressor';
const STAFF_EMAIL = 'staff@aurora-audio.example';

/**
 * A few staff edits, so History has something to show in the demo: Aurora Compressor's tagline was reworded and
 * its oldest licence cancelled. Written as the routes write them: the change and its audit row in one transaction.
 */
export async function seedDemoHistory(db: Db): Promise<void> {
  const staff = await db
    .selectFrom('system_users')
    .select(['id', 'email', 'manufacturer_id'])
    .where('email', '=', STAFF_EMAIL)
    .executeTakeFirst();
  const product = await db
    .selectFrom('products')
    .select(['id', 'manufacturer_id'])
    .where('identifier', '=', PRODUCT_IDENTIFIER)
    .executeTakeFirst();
  if (!staff || !product || staff.manufacturer_id !== product.manufacturer_id) return;
  const manufacturerId = product.manufacturer_id;
  const principal: Principal = {
    sessionId: 0,
    systemUserId: staff.id,
    email: staff.email,
    accessLevel: 'manufacturer',
    manufacturerId,
    manufacturerName: null,
    staffRole: 'owner',
  };

  await db.transaction().execute(async (trx) => {
    const before = await lockProduct(trx, manufacturerId, product.id);
    if (!before) return;
    const after = await updateProduct(trx, manufacturerId, product.id, {
      tagline: 'Glue for your mix: the compressor of Aurora Audio',
    });
    await recordAudit(trx, principal, {
      manufacturerId,
      action: 'product.update',
      entityType: 'product',
      entityId: product.id,
      before,
      after,
    });
  });

  await db.transaction().execute(async (trx) => {
    const oldest = await trx
      .selectFrom('licenses')
      .select('id')
      .where('product_id', '=', product.id)
      .where('disabled', '=', false)
      .orderBy('id')
      .limit(1)
      .executeTakeFirst();
    if (!oldest) return;
    await lockLicenses(trx, manufacturerId, [oldest.id]);
    await changeLicenseStates(trx, principal, manufacturerId, [oldest.id], {
      disabled: true,
      disabled_reason: 'CancelledOrder',
    });
  });
}
