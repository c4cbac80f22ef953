import type { SeatCheckinResult, SeatLeaseBody } from 'shared-kit/contract';
import type { Db } from '../db/database';
import { consumeRateLimits } from '../auth/rate-limits';
import { forbidden, notFound, type HttpError } from '../lib/http-error';
import { hardwareFingerprintOf } from '../licenses/license-rules';
import { documentTime, secondsNow, serialOf, type GuardedClientCall } from '../clients/client-values';
import { LEASE_NOT_FOUND, LEASE_OF_ANOTHER_MACHINE } from './lease-rules';
import { requireFloatingLicense } from './floating-license-rules';
import { findFloatingLicense } from './queries/floating-license';
import { findLease } from './queries/leases';
import { checkInLease } from './queries/seat-checkin';

/**
 * Frees the caller's own seat at once (a disabled or expired licence's too); audited. A lease whose time has passed
 * has ended by itself: checking it in is a 404, as checking in twice is. One statement counts the call
 * against its rate limits, ends the lease and writes the audit row; a refusal is explained by reads off that path.
 */
export async function checkInSeat(db: Db, call: GuardedClientCall, body: SeatLeaseBody): Promise<SeatCheckinResult> {
  const key = {
    productId: body.product_id,
    ...(await countedOnRefusal(db, call, () => ({
      serial: serialOf(body.serial),
      hardwareFingerprint: hardwareFingerprintOf(body.hardware_fingerprint),
    }))),
    leaseId: body.lease_id.toLowerCase(),
  };
  const { decision, row: lease } = await checkInLease(db, call.limits, key, call.address);
  call.admit(decision);
  if (!lease) throw await whyNotCheckedIn(db, key);
  return {
    lease_id: lease.id,
    serial: lease.serial,
    hardware_fingerprint: key.hardwareFingerprint,
    checked_in_at: documentTime(secondsNow()),
  };
}

/** The call's values, or its 400: counted against the rate limits first (429 when over them), as every call is. */
async function countedOnRefusal<T>(db: Db, call: GuardedClientCall, values: () => T): Promise<T> {
  try {
    return values();
  } catch (error) {
    call.admit(await consumeRateLimits(db, call.limits));
    throw error;
  }
}

/** Another machine's lease is a 403; an unknown lease, or one that has ended (checked in, released, its time passed), a 404. */
async function whyNotCheckedIn(
  db: Db,
  key: { productId: number; serial: string; hardwareFingerprint: string; leaseId: string },
): Promise<HttpError> {
  const license = requireFloatingLicense(await findFloatingLicense(db, key, false), { inUse: false });
  const lease = await findLease(db, key.leaseId);
  return lease?.license_id === license.id && lease.hardware_fingerprint !== key.hardwareFingerprint
    ? forbidden(LEASE_OF_ANOTHER_MACHINE)
    : notFound(LEASE_NOT_FOUND);
}
