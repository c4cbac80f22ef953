import type { LeaseDocument, SeatLeaseBody } from 'shared-kit/contract';
import type { Db } from '../db/database';
import type { ProductKeyOf } from '../crypto/product-key-cache';
import { HttpError, conflict, forbidden, notFound } from '../lib/http-error';
import { hardwareFingerprintOf } from '../licenses/license-rules';
import { countedSerialOf, secondsNow, type GuardedClientCall } from '../clients/client-values';
import { LEASE_NOT_FOUND, LEASE_OF_ANOTHER_MACHINE, leaseExpired, overSeats } from './lease-rules';
import { requireFloatingLicense } from './floating-license-rules';
import { signLease } from './lease-document';
import { findFloatingLicense } from './queries/floating-license';
import { findLease, heartbeatLease, listLiveLeases } from './queries/leases';

export const LEASE_CHANGED = 'The lease changed while it was being renewed. Please try again.';

/**
 * Renews the caller's own lease for another `lease_minutes`: one statement that counts the call against its rate
 * limits and updates the lease, no audit, no webhook (heart-beats are the heaviest client traffic). A refusal is
 * explained by reads off that path.
 */
export async function renewSeat(
  db: Db,
  productKeyOf: ProductKeyOf,
  call: GuardedClientCall,
  body: SeatLeaseBody,
): Promise<LeaseDocument> {
  const key = {
    productId: body.product_id,
    serial: await countedSerialOf(db, call, body.serial),
    hardwareFingerprint: hardwareFingerprintOf(body.hardware_fingerprint),
    leaseId: body.lease_id.toLowerCase(),
  };
  const now = secondsNow();
  const { decision, row: renewed } = await heartbeatLease(db, call.limits, key, now);
  call.admit(decision);
  if (renewed) return signLease(productKeyOf, { ...renewed, product_id: body.product_id }, renewed);
  throw await whyNotRenewed(db, key, now);
}

async function whyNotRenewed(
  db: Db,
  key: { productId: number; serial: string; hardwareFingerprint: string; leaseId: string },
  now: Date,
): Promise<HttpError> {
  const license = requireFloatingLicense(await findFloatingLicense(db, key, false));
  const lease = await findLease(db, key.leaseId);
  if (!lease || lease.license_id !== license.id) return notFound(LEASE_NOT_FOUND);
  if (lease.hardware_fingerprint !== key.hardwareFingerprint) return forbidden(LEASE_OF_ANOTHER_MACHINE);
  if (lease.expires_at <= now) return conflict(leaseExpired(lease.expires_at));
  if ((await listLiveLeases(db, license.id, now)).length > license.seats)
    return conflict(overSeats(license.seats, lease.expires_at));
  return conflict(LEASE_CHANGED);
}
