import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { executeNamed } from '../../db/named-statements';
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

type SeatCheckoutRow = Omit<SeatCheckout, 'lease'> & { [K in keyof LeaseRow]: LeaseRow[K] | null };

/**
 * A check-out's whole work in one statement, run under the licence row's lock (held from the transaction's earlier
 * statement: this one's snapshot is taken after the lock is granted, so it sees every lease the check-outs before it
 * committed): it clears the licence's expired leases, counts its live ones, and, when a seat is left, renews the
 * machine's own live lease (up to `expiresAt`, borrowed when `borrowed`) or inserts a new one, writing the audit row
 * of a new lease or a borrow. With no seat left it changes nothing.
 */
export async function checkOutLease(
  db: Db,
  license: { id: number; manufacturer_id: number; seats: number },
  lease: {
    hardwareFingerprint: string;
    machineName: string | null;
    borrowed: boolean;
    checkedOutAt: Date;
    expiresAt: Date;
  },
  audit: { action: string; address: string },
): Promise<SeatCheckout> {
  const { rows } = await executeNamed(
    db,
    'seat_checkout',
    sql<SeatCheckoutRow>`
    WITH cleared AS (
      DELETE FROM license_leases WHERE license_id = ${license.id} AND expires_at <= ${lease.checkedOutAt} RETURNING id
    ), live AS (
      SELECT id, hardware_fingerprint, expires_at FROM license_leases
      WHERE license_id = ${license.id} AND expires_at > ${lease.checkedOutAt}
    ), tally AS (
      -- Reading "cleared" runs the DELETE first: a machine's expired lease is gone before its new one is inserted.
      SELECT (SELECT count(*) FROM cleared) AS cleared, count(*)::int AS live, min(expires_at) AS first_frees_at,
        (array_agg(id) FILTER (WHERE hardware_fingerprint = ${lease.hardwareFingerprint}))[1] AS own_id,
        max(expires_at) FILTER (WHERE hardware_fingerprint = ${lease.hardwareFingerprint}) AS own_expires_at
      FROM live
    ), renewed AS (
      UPDATE license_leases s
      SET expires_at = greatest(s.expires_at, ${lease.expiresAt}), borrowed = s.borrowed OR ${lease.borrowed},
        machine_name = coalesce(${lease.machineName}::text, s.machine_name)
      FROM tally t WHERE s.id = t.own_id AND t.live <= ${license.seats}
      RETURNING s.*
    ), inserted AS (
      INSERT INTO license_leases
        (manufacturer_id, license_id, hardware_fingerprint, machine_name, borrowed, checked_out_at, expires_at)
      SELECT ${license.manufacturer_id}, ${license.id}, ${lease.hardwareFingerprint}, ${lease.machineName}::text,
        ${lease.borrowed}, ${lease.checkedOutAt}, ${lease.expiresAt}
      FROM tally t WHERE t.own_id IS NULL AND t.live < ${license.seats}
      RETURNING *
    ), held AS (
      SELECT *, false AS new FROM renewed UNION ALL SELECT *, true AS new FROM inserted
    ), audited AS (
      INSERT INTO audit_log (manufacturer_id, action, entity_type, entity_id, after)
      SELECT ${license.manufacturer_id}, ${audit.action}, 'license', ${String(license.id)}, jsonb_build_object(
        'actor', 'client', 'address', ${audit.address}::text, 'lease_id', h.id,
        'hardware_fingerprint', h.hardware_fingerprint, 'machine_name', h.machine_name, 'borrowed', h.borrowed,
        -- As formatSignedTime writes it: UTC, to the second.
        'expires_at', to_char(h.expires_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'))
      FROM held h WHERE h.new OR ${lease.borrowed}
    )
    SELECT t.live, t.first_frees_at, t.own_expires_at, h.id, h.license_id, h.hardware_fingerprint, h.machine_name,
      h.borrowed, h.checked_out_at, h.expires_at
    FROM tally t LEFT JOIN held h ON true`,
  );
  const { live, first_frees_at, own_expires_at, ...held } = rows[0]!;
  return { live, first_frees_at, own_expires_at, lease: held.id === null ? undefined : (held as LeaseRow) };
}
