import type { PortalRedeemed } from 'shared-kit/contract';
import type { Db } from '../db/database';
import { HttpError, conflict } from '../lib/http-error';
import { auditActorColumns } from '../audit/queries/audit-log';
import { retryAfterOf, type RateLimit } from '../auth/rate-limits';
import { buyerAddress, buyerMailContextOf } from '../buyer-mails/buyer-mail-target';
import { licenseIssuedOutboxRow } from '../buyer-mails/license-issued';
import { mailBrandOf } from '../email/brand';
import { EMAIL_OUTBOX_CHANNEL } from '../email/tables';
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

/** A redeem's answer: the licence made, or the seconds to wait when the try is over the limits. */
export type RedeemOutcome = { redeemed: PortalRedeemed } | { retryAfter: number };

/**
 * The signed-in customer redeems a batch serial, the try counted against `rateLimits` first (every try counts, a
 * malformed serial too). One statement counts the try and reads the serial's product, the brand, the portal, the
 * mail's switch and the address; the licence-issued mail is rendered from it; one more statement marks the serial
 * redeemed, makes it a licence of the customer (same serial, the batch's product and licence type; the policy's terms
 * come with the insert), writes the mail to the outbox and the audit rows, so all of it exists together or none of it.
 */
export async function redeemSerial(
  db: Db,
  customer: Customer,
  typed: string,
  publicUrl: string,
  rateLimits: RateLimit[] = [],
): Promise<RedeemOutcome> {
  const serial = normalizeSerial(typed);
  if (!serial) {
    const retryAfter = await retryAfterOf(db, rateLimits);
    if (retryAfter !== null) return { retryAfter };
    throw new HttpError(404, SERIAL_NOT_VALID);
  }
  const { decision, context } = await readRedeemContext(db, rateLimits, {
    manufacturerId: customer.manufacturerId,
    serial,
    endUserId: customer.endUserId,
    mail: 'license_issued',
  });
  if (!context) return { retryAfter: decision.retryAfterSeconds };
  if (context.serial?.status !== 'unsold') throw refusalOf(customer, context.serial);
  const claimed = await redeemUnsoldSerial(db, {
    manufacturerId: customer.manufacturerId,
    serial,
    endUserId: customer.endUserId,
    mail: redeemMail(context, customer, serial, publicUrl),
    mailChannel: EMAIL_OUTBOX_CHANNEL,
    actor: auditActorColumns(customer),
  }).catch((error: unknown) => {
    // A licence made elsewhere holds this serial (odds of 2^-100 per pair): refused, nothing written.
    if ((error as { code?: string }).code === UNIQUE_VIOLATION) throw conflict(SERIAL_NOT_REDEEMABLE);
    throw error;
  });
  // Another redeem claimed it since the read: refused as its state is now.
  if (!claimed) throw refusalOf(customer, await findSerialState(db, customer.manufacturerId, serial));
  return {
    redeemed: {
      license_id: claimed.license_id,
      serial,
      license_type: claimed.license_type,
      product: { id: claimed.product_id, name: claimed.product_name },
    },
  };
}
