import type { CreateOrderBody, Order } from 'shared-kit/contract';
import type { AuditActor } from '../auth/actor';
import type { Db } from '../db/database';
import { badRequest } from '../lib/http-error';
import { auditActorColumns } from '../audit/queries/audit-log';
import { buyerAddress, buyerMailContextOf } from '../buyer-mails/buyer-mail-target';
import { licenseIssuedMail } from '../buyer-mails/license-issued';
import { mailBrandOf } from '../email/brand';
import { outboxRowOf } from '../email/send-templated-email';
import { EMAIL_OUTBOX_CHANNEL } from '../email/tables';
import { outboxWakeUp } from '../outbox/wake-ups';
import { joinReleaseChannel } from '../people/queries/channel-memberships';
import { newLicenseSerial } from '../licenses/serial';
import { idempotencyKeyReused, orderInputOf, requestHash, unknownProduct } from './order-rules';
import { findOrCreateBuyer } from './queries/buyers';
import { findOrderByKey } from './queries/orders';
import { claimOrder, writeOrderRows, type ClaimedOrder, type OrderRows } from './queries/order-writes';
import { auditedOrder, toOrder, type OrderInput } from './order-shape';

/** Who sent an order: the actor History names (a shop's API key, a staff member) and the request's key. */
export interface OrderSource {
  actor: AuditActor;
  idempotencyKey: string;
  /** The server's public address: the licence-issued mail links into the manufacturer's portal under it. */
  publicUrl: string;
}

/** The answer to a create: 201 and the order, the first time and on every retry with its key and body. */
export interface OrderAnswer {
  status: 201;
  order: Order;
  /** False when this request found the order a request with the same key made. */
  created: boolean;
}

/**
 * Records a sale of the manufacturer (docs/selling.md, "Orders"): finds or makes the buyer's end user, makes one
 * licence per unit of every line (each with its policy's terms, audited `license.create` as the console's are),
 * writes the buyer's licence-issued mail to the outbox, and records the order, all in one transaction; an unknown product refuses the whole order. The Idempotency-Key
 * is claimed first, so a retry, or a duplicate sent at the same time, gets the first order's answer and creates
 * nothing; the same key with another body is a 422. The entry point of the order API and of the store adapters.
 */
export async function createOrder(
  db: Db,
  manufacturer: { id: number },
  orderInput: CreateOrderBody,
  source: OrderSource,
): Promise<OrderAnswer> {
  const input = orderInputOf(orderInput);
  const hash = requestHash(input);
  const manufacturerId = manufacturer.id;
  const made = await db.transaction().execute(async (trx) => {
    const claimed = await claimOrder(trx, manufacturerId, source.idempotencyKey, hash, input, 'license_issued');
    if (!claimed) return undefined;
    input.lines.forEach((line, index) => {
      if (!claimed.products.has(line.product_id)) throw badRequest(unknownProduct(index, line.product_id));
    });
    const buyer = claimed.buyer ?? (await newBuyer(trx, manufacturerId, input.buyer));
    const rows = orderRowsOf(claimed, input, buyer, source);
    await writeOrderRows(trx, rows);
    return rows.answer;
  });
  if (made) return { status: 201, order: made, created: true };

  const first = await findOrderByKey(db, manufacturerId, source.idempotencyKey);
  if (!first || !first.request_hash.equals(hash)) throw idempotencyKeyReused();
  return { status: 201, order: first.answer as Order, created: false };
}

/** The buyer's new end user, in the manufacturer's Release channel; `created` false when a concurrent order made it. */
async function newBuyer(trx: Db, manufacturerId: number, buyer: OrderInput['buyer']) {
  const { user, created } = await findOrCreateBuyer(trx, manufacturerId, buyer);
  if (created) await joinReleaseChannel(trx, manufacturerId, user.id);
  return { id: user.id, email: user.email, created: created ? user : undefined };
}

/**
 * Every row of the order in the order they are written: one licence per unit of every line (a new serial each),
 * the buyer's licence-issued mail unless switched off or undeliverable, and the answer as `findOrder` reads it.
 */
function orderRowsOf(
  claimed: ClaimedOrder,
  input: OrderInput,
  buyer: { id: number; email: string; created?: unknown },
  source: OrderSource,
): OrderRows & { answer: Order } {
  const { row, products, lineIds, licenseIds } = claimed;
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
  const found = toOrder(
    row,
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
  const answer = { ...found, buyer: { ...found.buyer, user_id: buyer.id } };
  const to = claimed.mailOn ? buyerAddress(buyer.email) : null;
  const brand = mailBrandOf(claimed.brand);
  const mail =
    to === null
      ? null
      : outboxRowOf(
          {
            manufacturerId: row.manufacturer_id,
            to,
            transactional: true,
            ...licenseIssuedMail(
              licenses.map((license) => ({ productName: products.get(license.product_id)!, serial: license.serial })),
              buyerMailContextOf(source.publicUrl, brand, claimed.portal),
              'license_issued',
            ),
          },
          brand,
        );
  return {
    orderId: row.id,
    manufacturerId: row.manufacturer_id,
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
