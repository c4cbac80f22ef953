import type { Db } from '../db/database';
import { applyPolicyToLicenses } from '../policies/queries/policies';
import { findDemoProduct } from './demo-lookups';

const DEMO_PRODUCT = 'com.aurora.reverb';
const FEATURES = [
  { key: 'stems', label: 'Stem separation' },
  { key: 'surround', label: 'Surround (up to 7.1.4)' },
];
const EDITIONS = [
  { name: 'Standard', features: ['stems'] },
  { name: 'Pro', features: ['stems', 'surround'] },
];

/**
 * Aurora Reverb sold as editions (docs/licensing.md): features `stems` and `surround`, editions Standard and Pro, a
 * Standard licence that runs a year (14 days' grace) with a year of updates from its first activation, and NFR
 * licences perpetual in Pro. Its existing licences of those types take the policies, as "apply to existing" does.
 */
export async function seedPolicyDemo(db: Db): Promise<void> {
  const product = await findDemoProduct(db, DEMO_PRODUCT);
  if (!product) return;
  const manufacturerId = product.manufacturer_id;
  await db.transaction().execute(async (trx) => {
    const features = await trx
      .insertInto('product_features')
      .values(FEATURES.map((feature) => ({ manufacturer_id: manufacturerId, product_id: product.id, ...feature })))
      .returning(['id', 'key'])
      .execute();
    const editions: Record<string, number> = {};
    for (const edition of EDITIONS) {
      const { id } = await trx
        .insertInto('product_editions')
        .values({ manufacturer_id: manufacturerId, product_id: product.id, name: edition.name })
        .returning('id')
        .executeTakeFirstOrThrow();
      editions[edition.name] = id;
      await trx
        .insertInto('product_edition_features')
        .values(
          edition.features.map((key) => ({
            edition_id: id,
            feature_id: features.find((feature) => feature.key === key)!.id,
          })),
        )
        .execute();
    }
    const policy = { manufacturer_id: manufacturerId, product_id: product.id, model: 'node-locked' } as const;
    await trx
      .insertInto('license_policies')
      .values([
        {
          ...policy,
          license_type: 'Standard',
          term: 'time-limited',
          duration_days: 365,
          grace_days: 14,
          maintenance_months: 12,
          maintenance_from: 'activation',
          edition_id: editions.Standard!,
        },
        { ...policy, license_type: 'NFR', term: 'perpetual', edition_id: editions.Pro! },
      ])
      .execute();
    await applyPolicyToLicenses(trx, product.id, 'Standard');
    await applyPolicyToLicenses(trx, product.id, 'NFR');
  });
}
