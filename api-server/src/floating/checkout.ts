import type { LeaseDocument, SeatBorrowBody, SeatCheckoutBody } from 'shared-kit/contract';
import type { Db } from '../db/database';
import type { ProductKeyOf } from '../crypto/product-key-cache';
import { badRequest, conflict } from '../lib/http-error';
import { hardwareFingerprintOf } from '../licenses/license-rules';
import { machineNameOf } from '../licenses/machine-name';
import { secondsNow, serialOf, type ClientCall } from '../clients/client-values';
import { borrowProblem, overSeats, seatsInUse } from './lease-rules';
import { requireFloatingLicense } from './floating-license-rules';
import { signLease } from './lease-document';
import { flushWal } from '../db/wal-flush';
import { checkOutLicenseSeat, type SeatCheckout } from './queries/seat-checkout';
import { LEASE_CHANGED } from './heartbeat';

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
 *
 * One round trip reads the licence, its policy, its product's key and edition and, when it can lend a seat, takes
 * the lock and does the check-out: the lock is held for one statement and the commit's WAL record (every check-out of
 * the licence waits for them), not for the disk's flush, which comes after it; the lease is signed after the flush.
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
  const key = { productId: body.product_id, serial: serialOf(body.serial) };
  const days = 'days' in body ? body.days : undefined;
  const lease = { hardwareFingerprint, machineName, days, checkedOutAt: secondsNow() };
  const audit = { action: days === undefined ? 'client.seat.check_out' : 'client.seat.borrow', address: call.address };
  for (let read = 1; ; read++) {
    const found = await checkOutLicenseSeat(db, key, lease, audit);
    const license = requireFloatingLicense(found?.license);
    const problem = days === undefined ? undefined : borrowProblem(license, days);
    if (problem) throw badRequest(problem);
    const { outcome, seats } = found!;
    if (outcome === 'counted') {
      const held = seats.lease ?? refusal(license.seats, seats);
      // The check-out committed without waiting for the disk: the lease is durable before its document leaves.
      await flushWal(db);
      return signLease(productKeyOf, license, held);
    }
    // The licence or its policy changed between the read and the lock (a staff edit): read it again.
    if (read === MOST_READS) throw conflict(LEASE_CHANGED);
  }
}

const MOST_READS = 3;

/** Why no lease was written: every seat is taken, the licence has fewer seats than holders, or the lease just ended. */
function refusal(seats: number, found: SeatCheckout): never {
  if (found.own_expires_at === null) throw new SeatsInUseError(seats, found.first_frees_at!);
  if (found.live > seats) throw conflict(overSeats(seats, found.own_expires_at));
  // Checked in or released between the count and the renewal.
  throw conflict(LEASE_CHANGED);
}
