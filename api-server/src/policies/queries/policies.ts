import { sql } from 'kysely';
import type { LicenseType, PolicyBody } from 'shared-kit/contract';
import type { Db } from '../../db/database';
import { apiTimestampSql } from '../../db/api-timestamps';

const policyColumns = (db: Db) =>
  db
    .selectFrom('license_policies as p')
    .select((eb) => [
      'p.product_id',
      'p.license_type',
      'p.model',
      'p.seats',
      'p.lease_minutes',
      'p.max_borrow_days',
      'p.term',
      'p.duration_days',
      'p.grace_days',
      'p.maintenance_months',
      'p.maintenance_from',
      'p.edition_id',
      apiTimestampSql(eb.ref('p.created_at')).as('created_at'),
      apiTimestampSql(eb.ref('p.updated_at')).as('updated_at'),
    ]);

/** The product's policies, in the order of the licence types (NFR, Standard, Free). */
export function listPolicies(db: Db, productId: number) {
  return policyColumns(db)
    .where('p.product_id', '=', productId)
    .orderBy(sql`array_position(ARRAY['NFR', 'Standard', 'Free'], p.license_type)`)
    .execute();
}

export function findPolicy(db: Db, productId: number, licenseType: LicenseType) {
  return policyColumns(db)
    .where('p.product_id', '=', productId)
    .where('p.license_type', '=', licenseType)
    .executeTakeFirst();
}

/** Sets the product's policy for the type (made or replaced). */
export async function upsertPolicy(
  db: Db,
  key: { manufacturerId: number; productId: number; licenseType: LicenseType },
  policy: PolicyBody,
) {
  await db
    .insertInto('license_policies')
    .values({
      manufacturer_id: key.manufacturerId,
      product_id: key.productId,
      license_type: key.licenseType,
      ...policy,
    })
    .onConflict((oc) => oc.columns(['product_id', 'license_type']).doUpdateSet({ ...policy, updated_at: new Date() }))
    .execute();
}

export function deletePolicy(db: Db, productId: number, licenseType: LicenseType) {
  return db
    .deleteFrom('license_policies')
    .where('product_id', '=', productId)
    .where('license_type', '=', licenseType)
    .executeTakeFirst();
}

/**
 * The terms the policy `p` gives the licence `l` when applied to an existing licence: its edition, grace and
 * maintenance as a licence made then would get them; its expiry cleared for a perpetual policy, and for a
 * time-limited one kept when it has one (a renewal stays) or counted from its creation when it has none.
 */
const APPLIED_TERMS = sql`
  p.edition_id,
  p.grace_days,
  CASE WHEN p.term = 'perpetual' THEN NULL::timestamptz
       WHEN l.expires_at IS NOT NULL OR p.duration_days IS NULL THEN l.expires_at
       ELSE l.created_at + make_interval(days => p.duration_days) END,
  CASE WHEN p.maintenance_from = 'activation' THEN p.maintenance_months END,
  CASE WHEN p.maintenance_from = 'purchase' THEN l.created_at + make_interval(months => p.maintenance_months) END`;
const CURRENT_TERMS = sql`l.edition_id, l.grace_days, l.expires_at, l.maintenance_months, l.maintenance_ends_at`;

/** How many of the product's licences of the type would change if the policy were applied to them. */
export async function countLicensesPolicyChanges(db: Db, productId: number, licenseType: LicenseType) {
  const { rows } = await sql<{ licenses: number }>`
    SELECT count(*)::integer AS licenses FROM licenses l
    JOIN license_policies p ON p.product_id = l.product_id AND p.license_type = l.license_type
    WHERE l.product_id = ${productId} AND l.license_type = ${licenseType}
      AND ROW(${CURRENT_TERMS}) IS DISTINCT FROM ROW(${APPLIED_TERMS})`.execute(db);
  return rows[0]?.licenses ?? 0;
}

/** Applies the policy to the product's licences of the type, in one statement: how many changed. */
export async function applyPolicyToLicenses(db: Db, productId: number, licenseType: LicenseType) {
  const result = await sql`
    UPDATE licenses l SET (edition_id, grace_days, expires_at, maintenance_months, maintenance_ends_at) = (${APPLIED_TERMS}),
      updated_at = now()
    FROM license_policies p
    WHERE p.product_id = l.product_id AND p.license_type = l.license_type
      AND l.product_id = ${productId} AND l.license_type = ${licenseType}
      AND ROW(${CURRENT_TERMS}) IS DISTINCT FROM ROW(${APPLIED_TERMS})`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}
