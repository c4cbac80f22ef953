import type { LeaseDocument, SeatBorrowBody, SeatCheckoutBody } from 'shared-kit/contract';
import type { Db } from '../db/database';
import type { ProductKeyOf } from '../crypto/product-key-cache';
import { badRequest, conflict } from '../lib/http-error';
import { hardwareFingerprintOf } from '../licenses/license-rules';
import { machineNameOf } from '../licenses/machine-name';
import { documentTime, recordClientAudit, secondsNow, serialOf, type ClientCall } from '../clients/client-values';
import { borrowProblem, daysAfter, minutesAfter, overSeats, seatsInUse } from './lease-rules';
import { requireFloatingLicense } from './floating-license-rules';
import { signLease } from './lease-document';
import { findFloatingLicense } from './queries/floating-license';
import { insertLease, liveLeasesOf, renewLease } from './queries/leases';

/** Every seat is taken by a live lease: 409 with the time the first one frees (`frees_at`). */
export class SeatsInUseError extends Error {
  constructor(
    readonly seats: number,
    readonly freesAt: Date,
  ) {
    super(seatsInUse(seats, freesAt));
  }
}

/**
 * Checks a seat out for this machine (or borrows one for `days`): under the licence row's lock, so check-outs of
 * one licence on every server instance take their turn, the licence's live leases are counted against its seats.
 * A machine that already holds a live lease keeps it (renewed, or made a borrow); a new lease and a borrow are
 * audited, a renewal is not (it is a heart-beat). `admit` counts the call against its rate limits.
 */
export async function checkOutSeat(
  db: Db,
  productKeyOf: ProductKeyOf,
  admit: () => Promise<ClientCall>,
  body: SeatCheckoutBody | SeatBorrowBody,
): Promise<LeaseDocument> {
  // A fingerprint or machine name outside the rules is a 400 before the call counts, as for an activation.
  const hardwareFingerprint = hardwareFingerprintOf(body.hardware_fingerprint);
  const machineName = machineNameOf(body.machine_name);
  const call = await admit();
  const serial = serialOf(body.serial);
  const days = 'days' in body ? body.days : undefined;
  const now = secondsNow();
  return db.transaction().execute(async (trx) => {
    const license = requireFloatingLicense(
      await findFloatingLicense(trx, { productId: body.product_id, serial }, true),
    );
    const problem = days === undefined ? undefined : borrowProblem(license, days);
    if (problem) throw badRequest(problem);
    const borrowed = days !== undefined;
    const expiresAt = days === undefined ? minutesAfter(now, license.lease_minutes) : daysAfter(now, days);
    const live = await liveLeasesOf(trx, license.id, now);
    const own = live.find((lease) => lease.hardware_fingerprint === hardwareFingerprint);
    if (own && live.length > license.seats) throw conflict(overSeats(license.seats, own.expires_at));
    if (!own && live.length >= license.seats) throw new SeatsInUseError(license.seats, live[0]!.expires_at);
    const lease = own
      ? await renewLease(trx, own.id, { expiresAt, borrowed, machineName })
      : await insertLease(trx, {
          manufacturerId: license.manufacturer_id,
          licenseId: license.id,
          hardwareFingerprint,
          machineName,
          borrowed,
          checkedOutAt: now,
          expiresAt,
        });
    if (!own || borrowed)
      await recordClientAudit(trx, call, {
        manufacturerId: license.manufacturer_id,
        action: borrowed ? 'client.seat.borrow' : 'client.seat.check_out',
        entityType: 'license',
        entityId: license.id,
        after: {
          lease_id: lease.id,
          hardware_fingerprint: hardwareFingerprint,
          machine_name: lease.machine_name,
          borrowed: lease.borrowed,
          expires_at: documentTime(lease.expires_at),
        },
      });
    return signLease(productKeyOf, license, lease);
  });
}
