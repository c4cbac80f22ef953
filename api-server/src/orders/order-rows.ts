import type { Order } from 'shared-kit/contract';
import { auditActorColumns } from '../audit/queries/audit-log';
import { buyerAddress, buyerMailContextOf } from '../buyer-mails/buyer-mail-target';
import { licenseIssuedOutboxRow } from '../buyer-mails/license-issued';
import { mailBrandOf } from '../email/brand';
import { EMAIL_OUTBOX_CHANNEL } from '../email/tables';
import { outboxWakeUp } from '../outbox/wake-ups';
import { newLicenseSerial } from '../licenses/serial';
import type { OrderSource } from './create-order';
import type { OrderContext, OrderRows } from './queries/order-writes';
import { auditedOrder, toOrder, type OrderInput } from './order-shape';

/** The buyer an order is for. */
export interface Buyer {
  id: number;
  email: string;
  /** The end user as made for this order (audited `end_user.create`); absent when the buyer was known. */
  created?: unknown;
}

/**
 * Every row of the order in the order they are written: one licence per unit of every line (a new serial each),
 * the buyer's licence-issued mail unless switched off or undeliverable, and the answer as `findOrder` reads it
 * (its creation and change times are the write's).
 */
export function orderRowsOf(
  context: OrderContext,
  manufacturerId: number,
  input: OrderInput,
  requestHash: Buffer,
  buyer: Buyer,
  source: OrderSource,
): OrderRows & { answer: Order } {
  const { products, lineIds, licenseIds } = context;
  const lines = input.lines.map((line, index) => ({
    id: lineIds[index]!,
    product_id: line.product_id,
    product_name: products.get(line.product_id)!,
    license_type: line.license_type,
    quantity: line.quantity,
  }));
  let next = 0;
  const licenses = lines.flatMap((line) =>
    Array.from({ length: line.quantity }, () => ({
      id: licenseIds[next++]!,
      serial: newLicenseSerial(),
      product_id: line.product_id,
      license_type: line.license_type,
      order_line_id: line.id,
    })),
  );
  const answer = toOrder(
    {
      id: context.orderId,
      manufacturer_id: manufacturerId,
      store: input.store,
      external_order_id: input.external_order_id,
      buyer_user_id: buyer.id,
      buyer_email: input.buyer.email,
      buyer_name: input.buyer.name,
      buyer_external_id: input.buyer.external_id,
      amount: input.amount,
      currency: input.currency,
      status: ORDER_STATUS_AT_CREATION,
      refund_reason: null,
      refunded_at: null,
      created_at: UNTIL_WRITTEN,
      updated_at: UNTIL_WRITTEN,
    },
    lines,
    licenses.map(({ id, serial, product_id, license_type }) => ({
      id,
      serial,
      product_id,
      license_type,
      disabled: false,
      disabled_reason: null,
    })),
  );
  const to = context.mailOn ? buyerAddress(buyer.email) : null;
  const brand = mailBrandOf(context.brand);
  const mail =
    to === null
      ? null
      : licenseIssuedOutboxRow(
          manufacturerId,
          to,
          licenses.map((license) => ({ productName: products.get(license.product_id)!, serial: license.serial })),
          buyerMailContextOf(source.publicUrl, brand, context.portal),
          'license_issued',
        );
  return {
    orderId: context.orderId,
    manufacturerId,
    idempotencyKey: source.idempotencyKey,
    requestHash,
    input,
    buyerUserId: buyer.id,
    lines,
    licenses,
    mail,
    mailWakeUp: outboxWakeUp(EMAIL_OUTBOX_CHANNEL),
    actor: auditActorColumns(source.actor),
    newBuyer: buyer.created ?? null,
    auditedOrder: auditedOrder(answer),
    answer,
  };
}

/** The status every order is made with (the column's default). */
const ORDER_STATUS_AT_CREATION = 'completed';
/** The answer's creation and change times stand in for the write's own until it answers them. */
const UNTIL_WRITTEN = new Date(0);
