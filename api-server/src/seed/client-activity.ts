import { DEFAULT_SIGNATURE_SEED_VERSION, HARDWARE_FINGERPRINT_VERSION } from 'shared-kit/contract';
import type { Db } from '../db/database';
import { createProductKeyCache } from '../crypto/product-key-cache';
import { activateBySerial } from '../clients/activate';
import { deactivateBySerial } from '../clients/deactivate';
import { startTrial } from '../clients/start-trial';

/** The product whose trials and machines come from real client calls (not one the console's tests count on). */
const PRODUCT_IDENTIFIER = 'com.aurora.compressor';
const SEED_CALL = { address: 'demo seed', limits: [], admit: () => undefined, admitNewTrial: async () => undefined };
/** The names the plugins reported for each licence's two machines: some have one, one has none (older plugin). */
const MACHINE_NAMES = [
  ['Studio Mac', 'Laptop'],
  ['Studio Mac', undefined],
];

/**
 * What plugins would have done through the client API: two machines start trials, two licences are activated on
 * two machines each (named as MACHINE_NAMES says), and one customer freed a machine. Runs the real client code paths (signing, audit, machines).
 */
export async function seedClientActivity(db: Db, masterKey: Buffer): Promise<void> {
  const product = await db
    .selectFrom('products')
    .select(['id'])
    .where('identifier', '=', PRODUCT_IDENTIFIER)
    .executeTakeFirst();
  if (!product) return;
  const productKeyOf = createProductKeyCache(masterKey);
  for (const machine of ['HWFP2-DEMO-TRIAL-0001', 'HWFP2-DEMO-TRIAL-0002']) {
    await startTrial(db, productKeyOf, SEED_CALL, { product_id: product.id, hardware_fingerprint: machine });
  }
  const licenses = await db
    .selectFrom('licenses')
    .select(['serial'])
    .where('product_id', '=', product.id)
    .where('disabled', '=', false)
    .orderBy('id', 'desc')
    .limit(2)
    .execute();
  for (const [l, license] of licenses.entries()) {
    for (const m of [1, 2]) {
      const machineName = MACHINE_NAMES[l]?.[m - 1];
      await activateBySerial(db, productKeyOf, SEED_CALL, {
        product_id: product.id,
        serial: license.serial,
        hardware_fingerprint: `HWFP2-DEMO-${l + 1}-${m}`,
        hardware_fingerprint_version: HARDWARE_FINGERPRINT_VERSION,
        signature_seed_version: DEFAULT_SIGNATURE_SEED_VERSION,
        ...(machineName ? { machine_name: machineName } : {}),
      });
    }
  }
  if (licenses[0])
    await deactivateBySerial(db, SEED_CALL, {
      product_id: product.id,
      serial: licenses[0].serial,
      hardware_fingerprint: 'HWFP2-DEMO-1-1',
    });
}
