import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { countedWrite, type RateLimit } from '../../auth/rate-limits';
import { licenseExpiredSql } from '../../policies/queries/license-terms';
import { editionFeaturesSql, editionNameSql } from './floating-license';

export interface LeaseRow {
  id: string;
  license_id: number;
  hardware_fingerprint: string;
  machine_name: string | null;
  borrowed: boolean;
  checked_out_at: Date;
  expires_at: Date;
}

/** What a lease document signs of the lease. */
export type SignedLeaseRow = Pick<LeaseRow, 'id' | 'hardware_fingerprint' | 'borrowed' | 'expires_at'>;

export interface RenewedLease extends SignedLeaseRow {
  serial: string;
  private_key_encrypted: string;
  edition: string | null;
  features: string[];
}

// The product is a filter (`IS TRUE`), not an index condition, as the bulk update's tenant check: the licence comes
// by its serial or its id, one probe. With the product's licences sold since the last ANALYZE (none, to the
// planner), it walked all of them to find the serial instead (6,525 rows for 1, docs/performance.md).
const heartbeatStatement = countedWrite(
  'seat_heartbeat',
  (
    _db: Db,
    _shape: 'renew',
    v: { productId: number; serial: string; hardwareFingerprint: string; leaseId: string; now: Date },
  ) => sql<RenewedLease>`
    UPDATE license_leases s
    SET expires_at = greatest(s.expires_at, ${v.now}::timestamptz + make_interval(mins => p.lease_minutes))
    FROM licenses l
    JOIN products pr ON pr.id = l.product_id
    JOIN license_policies p ON p.product_id = l.product_id AND p.license_type = l.license_type
    WHERE s.id = ${v.leaseId} AND l.id = s.license_id AND (l.product_id = ${v.productId}) IS TRUE
      AND l.serial = ${v.serial}
      AND s.hardware_fingerprint = ${v.hardwareFingerprint} AND s.expires_at > ${v.now}
      AND p.model = 'floating' AND NOT l.disabled AND NOT ${licenseExpiredSql}
      AND (SELECT count(*) FROM (SELECT 1 FROM license_leases o WHERE o.license_id = l.id AND o.expires_at > ${v.now}
           LIMIT p.seats + 1) live) <= p.seats
      AND (SELECT ok FROM admitted)
    RETURNING s.id, s.hardware_fingerprint, s.borrowed, s.expires_at, l.serial, pr.private_key_encrypted,
      ${editionNameSql} AS edition, ${editionFeaturesSql} AS features`,
);

/**
 * A heart-beat in one statement, with the call's rate-limit counting: when every bucket admits the call, the
 * caller's own live lease, on an enabled, unexpired floating licence that has no more live leases than seats, ends
 * `lease_minutes` from `now` (or later, when borrowed). No row: refused by a limit (the decision says so) or by the
 * lease (the caller reads why, off the hot path). Named: planned once per connection, as the other hot client calls.
 */
export function heartbeatLease(
  db: Db,
  limits: RateLimit[],
  key: { productId: number; serial: string; hardwareFingerprint: string; leaseId: string },
  now: Date,
) {
  return heartbeatStatement(db, limits, 'renew', { ...key, now });
}

/** The lease by its id, with its licence's product and serial (to say why a heart-beat or check-in was refused). */
export async function findLease(db: Db, leaseId: string) {
  return db
    .selectFrom('license_leases as s')
    .innerJoin('licenses as l', 'l.id', 's.license_id')
    .selectAll('s')
    .select(['l.product_id', 'l.serial', 'l.manufacturer_id'])
    .where('s.id', '=', leaseId)
    .executeTakeFirst();
}

/**
 * Ends a live lease now (staff's release): the ended row, or undefined when there was none. A lease whose time has
 * passed ended then, and its seat is free already: there is nothing to release.
 */
export function deleteLease(db: Db, licenseId: number, leaseId: string, hardwareFingerprint?: string) {
  let query = db
    .deleteFrom('license_leases')
    .where('id', '=', leaseId)
    .where('license_id', '=', licenseId)
    .where('expires_at', '>', sql<Date>`now()`);
  if (hardwareFingerprint !== undefined) query = query.where('hardware_fingerprint', '=', hardwareFingerprint);
  return query.returningAll().executeTakeFirst() as Promise<LeaseRow | undefined>;
}

/** The licence's leases that hold a seat at `now`, earliest expiry first (staff's view; nothing is cleared). */
export function listLiveLeases(db: Db, licenseId: number, now: Date) {
  return db
    .selectFrom('license_leases')
    .selectAll()
    .where('license_id', '=', licenseId)
    .where('expires_at', '>', now)
    .orderBy('checked_out_at')
    .orderBy('id')
    .execute() as Promise<LeaseRow[]>;
}
