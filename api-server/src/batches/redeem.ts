import type { PortalRedeemed } from 'shared-kit/contract';
import type { Db } from '../db/database';
import { HttpError, conflict } from '../lib/http-error';
import { auditActorColumns } from '../audit/queries/audit-log';
import { buyerAddress, buyerMailContextOf } from '../buyer-mails/buyer-mail-target';
import { licenseIssuedOutboxRow } from '../buyer-mails/license-issued';
import { mailBrandOf } from '../email/brand';
import { EMAIL_OUTBOX_CHANNEL } from '../email/tables';
import { outboxWakeUp } from '../outbox/wake-ups';
import type { Customer } from '../portal/customer-authentication';
import { normalizeSerial } from './batch-serials';
import { findSerialState, readRedeemContext, redeemUnsoldSerial, type RedeemContext } from './queries/redeem';
import {
  SERIAL_ALREADY_REDEEMED,
  SERIAL_NOT_REDEEMABLE,
  SERIAL_NOT_VALID,
  SERIAL_REDEEMED_BY_YOU,
} from './batch-words';

const UNIQUE_VIOLATION = '23505';

/** Why a serial that is not unsold was refused: unknown and voided alike are "not valid" (404); redeemed is a 409. */
function refusalOf(
  customer: Customer,
  state: { status: string; redeemed_by_end_user_id: number | null } | null | undefined,
): HttpError {
  if (!state || state.status === 'voided') return new HttpError(404, SERIAL_NOT_VALID);
  return conflict(
    state.redeemed_by_end_user_id === customer.endUserId ? SERIAL_REDEEMED_BY_YOU : SERIAL_ALREADY_REDEEMED,
  );
}

/** The customer's licence-issued mail of the serial as its outbox row, or null when switched off or undeliverable. */
function redeemMail(context: RedeemContext, customer: Customer, serial: string, publicUrl: string) {
  const to = context.mailOn ? buyerAddress(context.email) : null;
  if (to === null) return null;
  return licenseIssuedOutboxRow(
    customer.manufacturerId,
    to,
    [{ productName: context.serial!.product_name, serial }],
    buyerMailContextOf(publicUrl, mailBrandOf(context.brand), context.portal),
    'license_issued',
  );
}

/**
 * The signed-in customer redeems a batch serial: one statement marks the serial redeemed, makes it a licence of the
 * customer (same serial, the batch's product and licence type; the policy's terms come with the insert), writes the
 * customer's licence-issued mail to the outbox and the audit rows, so all of it exists together or none of it. The
 * mail is rendered from one read before it (the serial's product, the brand, the portal, the switch, the address).
 */
export async function redeemSerial(
  db: Db,
  customer: Customer,
  typed: string,
  publicUrl: string,
): Promise<PortalRedeemed> {
  const serial = normalizeSerial(typed);
  if (!serial) throw new HttpError(404, SERIAL_NOT_VALID);
  const context = await readRedeemContext(db, customer.manufacturerId, serial, customer.endUserId, 'license_issued');
  if (context.serial?.status !== 'unsold') throw refusalOf(customer, context.serial);
  const claimed = await redeemUnsoldSerial(db, {
    manufacturerId: customer.manufacturerId,
    serial,
    endUserId: customer.endUserId,
    mail: redeemMail(context, customer, serial, publicUrl),
    mailWakeUp: outboxWakeUp(EMAIL_OUTBOX_CHANNEL),
    actor: auditActorColumns(customer),
  }).catch((error: unknown) => {
    // A licence made elsewhere holds this serial (odds of 2^-100 per pair): refused, nothing written.
    if ((error as { code?: string }).code === UNIQUE_VIOLATION) throw conflict(SERIAL_NOT_REDEEMABLE);
    throw error;
  });
  // Another redeem claimed it since the read: refused as its state is now.
  if (!claimed) throw refusalOf(customer, await findSerialState(db, customer.manufacturerId, serial));
  return {
    license_id: claimed.license_id,
    serial,
    license_type: claimed.license_type,
    product: { id: claimed.product_id, name: claimed.product_name },
  };
}
