import { sql } from 'kysely';
import type { LicenseTerms } from 'shared-kit/contract';
import type { Db } from '../../db/database';

// The licence terms as SQL over a licence aliased `l`: the one definition every read of them uses (the terms
// answer, the activation and validation read, the update check), so "expired" and "maintenance end" mean one thing.

/** Past its expiry plus its grace days: activation and validation answer "expired". */
export const licenseExpiredSql = sql<boolean>`(l.expires_at IS NOT NULL AND l.expires_at + make_interval(days => coalesce(l.grace_days, 0)) < now())`;

/** The end of its updates: set, or `maintenance_months` after its first activation (null until then: no end yet). */
export const maintenanceEndSql = sql<Date | null>`(CASE
  WHEN l.maintenance_ends_at IS NOT NULL THEN l.maintenance_ends_at
  WHEN l.maintenance_months IS NOT NULL THEN
    (SELECT min(a.created_at) FROM license_activations a WHERE a.license_id = l.id) + make_interval(months => l.maintenance_months)
  END)`;

const timestampText = (value: ReturnType<typeof sql>) =>
  sql<string | null>`to_char((${value}) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** The manufacturer's licence with its terms (undefined: no such licence of theirs). */
export async function findLicenseTerms(
  db: Db,
  manufacturerId: number,
  licenseId: number,
): Promise<LicenseTerms | undefined> {
  const { rows } = await sql<LicenseTerms>`
    SELECT l.id AS license_id,
      (SELECT json_build_object('id', e.id, 'name', e.name, 'features', coalesce((
          SELECT array_agg(f.key ORDER BY f.key) FROM product_edition_features ef
          JOIN product_features f ON f.id = ef.feature_id WHERE ef.edition_id = e.id), '{}'))
        FROM product_editions e WHERE e.id = l.edition_id) AS edition,
      ${timestampText(sql`l.expires_at`)} AS expires_at,
      coalesce(l.grace_days, 0) AS grace_days,
      ${licenseExpiredSql} AS expired,
      l.maintenance_months,
      ${timestampText(maintenanceEndSql)} AS maintenance_ends_at
    FROM licenses l WHERE l.id = ${licenseId} AND l.manufacturer_id = ${manufacturerId}`.execute(db);
  return rows[0];
}

/** The licence row for a change of its terms, locked for the rest of the transaction, with its policy's duration. */
export async function lockLicenseForTerms(db: Db, manufacturerId: number, licenseId: number) {
  const { rows } = await sql<{
    id: number;
    product_id: number;
    edition_id: number | null;
    edition_name: string | null;
    expires_at: Date | null;
    policy_term: 'perpetual' | 'time-limited' | null;
    duration_days: number | null;
  }>`
    SELECT l.id, l.product_id, l.edition_id, (SELECT e.name FROM product_editions e WHERE e.id = l.edition_id) AS edition_name,
      l.expires_at, p.term AS policy_term, p.duration_days
    FROM licenses l LEFT JOIN license_policies p ON p.product_id = l.product_id AND p.license_type = l.license_type
    WHERE l.id = ${licenseId} AND l.manufacturer_id = ${manufacturerId}
    FOR UPDATE OF l`.execute(db);
  return rows[0];
}

export function setLicenseEdition(db: Db, licenseId: number, editionId: number) {
  return db
    .updateTable('licenses')
    .set({ edition_id: editionId, updated_at: new Date() })
    .where('id', '=', licenseId)
    .execute();
}

/** Sets the licence's expiry to `until`, or extends it by `days` from its expiry or from now, whichever is later. */
export async function extendLicenseExpiry(db: Db, licenseId: number, change: { until: string } | { days: number }) {
  const next =
    'until' in change
      ? sql`${change.until}::timestamptz`
      : sql`greatest(coalesce(expires_at, now()), now()) + make_interval(days => ${change.days}::integer)`;
  const { rows } = await sql<{ expires_at: string }>`
    UPDATE licenses SET expires_at = ${next}, updated_at = now() WHERE id = ${licenseId}
    RETURNING to_char(expires_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS expires_at`.execute(db);
  return rows[0]!.expires_at;
}

/** The terms a version 2 licence file signs (docs/licence-file.md), times to the second as signed documents write them. */
export interface LicenseFileTerms {
  expires_at: string | null;
  grace_days: number;
  maintenance_ends_at: string | null;
  edition: string | null;
  features: { key: string }[];
}

const signedTimeText = (value: ReturnType<typeof sql>) =>
  sql<string | null>`to_char((${value}) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;

/**
 * The licence's terms for a file signed at `issuedAt`. Maintenance from activation with no activation yet ends
 * `maintenance_months` after `issuedAt`: the activation being signed is the first one. Without `issuedAt` (a
 * version 2 validation answer) the end is the licence's as it stands: null until its first activation.
 */
export async function findLicenseFileTerms(db: Db, licenseId: number, issuedAt?: Date): Promise<LicenseFileTerms> {
  return (await licenseFileTerms(db, licenseId, issuedAt, sql``)).rows[0]!;
}

/**
 * The same terms with the licence row locked for the rest of the transaction: a change of its terms (Renew,
 * Change edition, a policy applied to existing licences) waits until it commits, so terms read here stay true
 * until then. Undefined: the licence is gone.
 */
export async function lockLicenseFileTerms(
  db: Db,
  licenseId: number,
  issuedAt: Date,
): Promise<LicenseFileTerms | undefined> {
  return (await licenseFileTerms(db, licenseId, issuedAt, sql`FOR UPDATE OF l`)).rows[0];
}

function licenseFileTerms(db: Db, licenseId: number, issuedAt: Date | undefined, lock: ReturnType<typeof sql>) {
  const maintenanceEnd = issuedAt
    ? sql`coalesce(${maintenanceEndSql}, ${issuedAt}::timestamptz + make_interval(months => l.maintenance_months))`
    : maintenanceEndSql;
  return sql<LicenseFileTerms>`
    SELECT ${signedTimeText(sql`l.expires_at`)} AS expires_at,
      coalesce(l.grace_days, 0) AS grace_days,
      ${signedTimeText(maintenanceEnd)} AS maintenance_ends_at,
      e.name AS edition,
      coalesce((SELECT json_agg(json_build_object('key', f.key) ORDER BY f.key) FROM product_edition_features ef
        JOIN product_features f ON f.id = ef.feature_id WHERE ef.edition_id = e.id), '[]'::json) AS features
    FROM licenses l LEFT JOIN product_editions e ON e.id = l.edition_id
    WHERE l.id = ${licenseId} ${lock}`.execute(db);
}
