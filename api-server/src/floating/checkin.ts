import type { SeatCheckinResult, SeatLeaseBody } from 'shared-kit/contract';
import type { Db } from '../db/database';
import { forbidden, notFound } from '../lib/http-error';
import { hardwareFingerprintOf } from '../licenses/license-rules';
import { documentTime, recordClientAudit, secondsNow, serialOf, type ClientCall } from '../clients/client-values';
import { LEASE_NOT_FOUND, LEASE_OF_ANOTHER_MACHINE } from './lease-rules';
import { requireFloatingLicense } from './floating-license-rules';
import { findFloatingLicense } from './queries/floating-license';
import { deleteLease, findLease } from './queries/leases';

/** Frees the caller's own seat at once (a disabled or expired licence's too); audited. */
export async function checkInSeat(db: Db, call: ClientCall, body: SeatLeaseBody): Promise<SeatCheckinResult> {
  const serial = serialOf(body.serial);
  const hardwareFingerprint = hardwareFingerprintOf(body.hardware_fingerprint);
  const leaseId = body.lease_id.toLowerCase();
  return db.transaction().execute(async (trx) => {
    const license = requireFloatingLicense(
      await findFloatingLicense(trx, { productId: body.product_id, serial }, false),
      {
        inUse: false,
      },
    );
    const lease = await deleteLease(trx, license.id, leaseId, hardwareFingerprint);
    if (!lease) {
      const other = await findLease(trx, leaseId);
      throw other?.license_id === license.id ? forbidden(LEASE_OF_ANOTHER_MACHINE) : notFound(LEASE_NOT_FOUND);
    }
    await recordClientAudit(trx, call, {
      manufacturerId: license.manufacturer_id,
      action: 'client.seat.check_in',
      entityType: 'license',
      entityId: license.id,
      before: { lease_id: lease.id, hardware_fingerprint: lease.hardware_fingerprint, borrowed: lease.borrowed },
    });
    return {
      lease_id: lease.id,
      serial: license.serial,
      hardware_fingerprint: hardwareFingerprint,
      checked_in_at: documentTime(secondsNow()),
    };
  });
}
