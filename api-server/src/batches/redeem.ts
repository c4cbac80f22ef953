import type { PortalRedeemed } from 'shared-kit/contract';
import type { Db } from '../db/database';
import { HttpError, conflict } from '../lib/http-error';
import { recordAudits } from '../audit/queries/audit-log';
import { mailIssuedLicenses } from '../buyer-mails/license-issued';
import type { Customer } from '../portal/customer-authentication';
import { normalizeSerial } from './batch-serials';
import { findSerialState, redeemUnsoldSerial } from './queries/redeem';
import {
  SERIAL_ALREADY_REDEEMED,
  SERIAL_NOT_REDEEMABLE,
  SERIAL_NOT_VALID,
  SERIAL_REDEEMED_BY_YOU,
} from './batch-words';

const UNIQUE_VIOLATION = '23505';

/** Why an unclaimed serial was refused: unknown and voided alike are "not valid" (404); redeemed is a 409. */
async function refusal(db: Db, customer: Customer, serial: string): Promise<HttpError> {
  const state = await findSerialState(db, customer.manufacturerId, serial);
  if (!state || state.status === 'voided') return new HttpError(404, SERIAL_NOT_VALID);
  return conflict(
    state.redeemed_by_end_user_id === customer.endUserId ? SERIAL_REDEEMED_BY_YOU : SERIAL_ALREADY_REDEEMED,
  );
}

/**
 * The signed-in customer redeems a batch serial: in one transaction the serial is marked redeemed and becomes a
 * licence of the customer (same serial, the batch's product and licence type; the policy's terms come with the insert),
 * and the customer's licence-issued mail is written to the outbox.
 */
export async function redeemSerial(
  db: Db,
  customer: Customer,
  typed: string,
  publicUrl: string,
): Promise<PortalRedeemed> {
  const serial = normalizeSerial(typed);
  if (!serial) throw new HttpError(404, SERIAL_NOT_VALID);
  const outcome = await db.transaction().execute(async (trx) => {
    const redeemed = await redeemUnsoldSerial(trx, customer.manufacturerId, serial, customer.endUserId).catch(
      (error: unknown) => {
        // A licence made elsewhere holds this serial (odds of 2^-100 per pair): refused, nothing written.
        if ((error as { code?: string }).code === UNIQUE_VIOLATION) throw conflict(SERIAL_NOT_REDEEMABLE);
        throw error;
      },
    );
    if (!redeemed) return { refused: true as const };
    const { claimed, license } = redeemed;
    // One statement, in this order: the licence made, then the serial redeemed.
    await recordAudits(trx, customer, [
      {
        manufacturerId: customer.manufacturerId,
        action: 'license.create',
        entityType: 'license',
        entityId: license.id,
        after: license,
      },
      {
        manufacturerId: customer.manufacturerId,
        action: 'batch_serial.redeem',
        entityType: 'batch_serial',
        entityId: claimed.id,
        after: { serial, batch_id: claimed.batch_id, license_id: license.id, end_user_id: customer.endUserId },
      },
    ]);
    await mailIssuedLicenses(trx, publicUrl, customer.manufacturerId, [license.id], 'license_issued');
    return {
      refused: false as const,
      redeemed: {
        license_id: license.id,
        serial,
        license_type: claimed.license_type,
        product: { id: claimed.product_id, name: claimed.product_name },
      },
    };
  });
  if (outcome.refused) throw await refusal(db, customer, serial);
  return outcome.redeemed;
}
