import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { executeNamed } from '../../db/named-statements';
import { FLOATING_LICENSE, type FloatingLicense } from './floating-license';
import type { LeaseRow } from './leases';

/** What a check-out found and did: the licence's live leases before it, and the lease it holds now (none: refused). */
export interface SeatCheckout {
  /** The licence's live leases before this call, the caller's own among them. */
  live: number;
  /** When the first of them ends (null: none is live). */
  first_frees_at: Date | null;
  /** The caller's machine held a live lease before this call, ending then. */
  own_expires_at: Date | null;
  lease: LeaseRow | undefined;
}

/**
 * What the check-out statement answers: the licence as read (none: no such licence), and `outcome` 'counted' with
 * the seats when the check-out ran, 'changed' when the licence or its policy changed before its lock was granted
 * (nothing was done: read again), null when the licence could not lend a seat (nothing was done).
 */
export interface LicenseCheckout {
  license: FloatingLicense;
  outcome: 'counted' | 'changed' | null;
  seats: SeatCheckout;
}

type LicenseCheckoutRow = FloatingLicense &
  Omit<SeatCheckout, 'lease'> & {
    license_version: string;
    policy_version: string | null;
    outcome: LicenseCheckout['outcome'];
    lease_id: string | null;
    lease_hardware_fingerprint: string | null;
    lease_machine_name: string | null;
    lease_borrowed: boolean | null;
    lease_checked_out_at: Date | null;
    lease_expires_at: Date | null;
  };

/**
 * A check-out in one round trip: the licence the plugin names (by product and serial, one probe: the product is a
 * filter), and, when it can lend a seat (floating, enabled, unexpired, and a borrow within its policy's days), the
 * `check_out_seat` function (migration 0296): under the licence row's lock, held for its one statement and the
 * commit's WAL record (the commit does not wait for the disk: the caller calls flushWal before it answers), it clears the licence's expired leases, counts its live ones, and, when a seat is left, renews the
 * machine's own live lease (up to `lease_minutes` or `days` from `now`, borrowed for `days`) or inserts a new one,
 * writing the audit row of a new lease or a borrow. With no seat left it changes nothing. Named: planned once per
 * connection, as the other hot client calls.
 */
export async function checkOutLicenseSeat(
  db: Db,
  key: { productId: number; serial: string },
  lease: { hardwareFingerprint: string; machineName: string | null; days: number | undefined; checkedOutAt: Date },
  audit: { action: string; address: string },
): Promise<LicenseCheckout | undefined> {
  const days = lease.days ?? null;
  const { rows } = await executeNamed(
    db,
    'seat_checkout',
    sql<LicenseCheckoutRow>`
    WITH lic AS (
      SELECT l.xmin AS license_version, p.xmin AS policy_version, ${FLOATING_LICENSE}
      WHERE (l.product_id = ${key.productId}) IS TRUE AND l.serial = ${key.serial}
    )
    SELECT lic.*, c.* FROM lic LEFT JOIN LATERAL check_out_seat(
      -- What requireFloatingLicense and borrowProblem ask of the licence, so a refused call changes nothing.
      lic.model = 'floating' AND lic.seats IS NOT NULL AND lic.lease_minutes IS NOT NULL AND NOT lic.disabled
        AND NOT lic.expired AND (${days}::integer IS NULL OR lic.max_borrow_days >= 1 AND ${days} <= lic.max_borrow_days),
      lic.id, lic.license_version, lic.policy_version, lic.manufacturer_id, lic.seats, ${lease.hardwareFingerprint}::text,
      ${lease.machineName}::text, ${days}::integer IS NOT NULL, ${lease.checkedOutAt}::timestamptz,
      -- Whole minutes, or days of 86,400 seconds, from the check-out (not calendar days).
      ${lease.checkedOutAt}::timestamptz + CASE WHEN ${days}::integer IS NULL THEN make_interval(mins => lic.lease_minutes)
        ELSE make_interval(secs => ${days} * 86400) END,
      ${audit.action}::text, ${audit.address}::text) c ON true`,
  );
  const row = rows[0];
  if (!row) return undefined;
  const {
    license_version: _license,
    policy_version: _policy,
    outcome,
    live,
    first_frees_at,
    own_expires_at,
    lease_id,
    lease_hardware_fingerprint,
    lease_machine_name,
    lease_borrowed,
    lease_checked_out_at,
    lease_expires_at,
    ...license
  } = row;
  return {
    license,
    outcome,
    seats: {
      live,
      first_frees_at,
      own_expires_at,
      lease:
        lease_id === null
          ? undefined
          : {
              id: lease_id,
              license_id: license.id,
              hardware_fingerprint: lease_hardware_fingerprint!,
              machine_name: lease_machine_name,
              borrowed: lease_borrowed!,
              checked_out_at: lease_checked_out_at!,
              expires_at: lease_expires_at!,
            },
    },
  };
}
