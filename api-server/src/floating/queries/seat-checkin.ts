import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { countedWrite, type RateLimit } from '../../auth/rate-limits';

export interface CheckedInLease {
  id: string;
  hardware_fingerprint: string;
  borrowed: boolean;
  license_id: number;
  serial: string;
}

const checkInStatement = countedWrite(
  'seat_checkin',
  (
    _db: Db,
    _shape: 'end',
    v: { productId: number; serial: string; hardwareFingerprint: string; leaseId: string; address: string },
  ) => ({
    write: sql<CheckedInLease>`
    DELETE FROM license_leases s
    USING licenses l JOIN license_policies p ON p.product_id = l.product_id AND p.license_type = l.license_type
    WHERE s.id = ${v.leaseId} AND s.hardware_fingerprint = ${v.hardwareFingerprint} AND s.expires_at > now()
      AND l.id = s.license_id
      AND (l.product_id = ${v.productId}) IS TRUE AND l.serial = ${v.serial}
      AND p.model = 'floating' AND p.seats IS NOT NULL AND p.lease_minutes IS NOT NULL
      AND (SELECT ok FROM admitted)
    RETURNING s.id, s.hardware_fingerprint, s.borrowed, l.id AS license_id, l.manufacturer_id, l.serial`,
    thenCtes: sql`audited AS (
      INSERT INTO audit_log (manufacturer_id, action, entity_type, entity_id, before, after)
      SELECT w.manufacturer_id, 'client.seat.check_in', 'license', w.license_id::text,
        jsonb_build_object('lease_id', w.id, 'hardware_fingerprint', w.hardware_fingerprint, 'borrowed', w.borrowed),
        jsonb_build_object('actor', 'client', 'address', ${v.address}::text)
      FROM written w
    )`,
  }),
  // The check-in's counters (its serial's among them) are the next check-out's: they are not held through the flush.
  { flushAfter: true },
);

/**
 * A check-in in one statement, with the call's rate-limit counting: when every bucket admits the call, the caller's
 * own live lease on the floating licence it names ends now, audited (a lease whose time has passed ended then: its
 * seat is free already, so there is nothing to end or record). No row: refused by a limit (the decision says so) or
 * nothing to end (the caller reads why, off the hot path). The product is a filter, as the heart-beat's (one probe by
 * the serial).
 */
export function checkInLease(
  db: Db,
  limits: RateLimit[],
  key: { productId: number; serial: string; hardwareFingerprint: string; leaseId: string },
  address: string,
) {
  return checkInStatement(db, limits, 'end', { ...key, address });
}
