import type { CreateOrderBody, Order } from 'shared-kit/contract';
import type { AuditActor } from '../auth/actor';
import type { Db } from '../db/database';
import { badRequest } from '../lib/http-error';
import { recordAudit, recordAudits } from '../audit/queries/audit-log';
import { mailIssuedLicenses } from '../buyer-mails/license-issued';
import { joinReleaseChannel } from '../people/queries/channel-memberships';
import { insertLicenses } from '../licenses/queries/licenses';
import { newLicenseSerial } from '../licenses/serial';
import { idempotencyKeyReused, orderInputOf, requestHash, unknownProduct } from './order-rules';
import { findOrCreateBuyer } from './queries/buyers';
import {
  claimOrder,
  completeOrder,
  findOrder,
  findOrderByKey,
  findProductsOf,
  insertOrderLicenses,
  insertOrderLine,
} from './queries/orders';
import { auditedOrder } from './order-shape';

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
    const orderId = await claimOrder(trx, manufacturerId, source.idempotencyKey, hash, input);
    if (orderId === undefined) return undefined;

    const productIds = [...new Set(input.lines.map((line) => line.product_id))];
    const products = new Set((await findProductsOf(trx, manufacturerId, productIds)).map((product) => product.id));
    input.lines.forEach((line, index) => {
      if (!products.has(line.product_id)) throw badRequest(unknownProduct(index, line.product_id));
    });

    const { user, created: userCreated } = await findOrCreateBuyer(trx, manufacturerId, input.buyer);
    if (userCreated) {
      await joinReleaseChannel(trx, manufacturerId, user.id);
      await recordAudit(trx, source.actor, {
        manufacturerId,
        action: 'end_user.create',
        entityType: 'end_user',
        entityId: user.id,
        after: user,
      });
    }

    const links: { license_id: number; order_id: number; order_line_id: number }[] = [];
    const licenses = [];
    for (const line of input.lines) {
      const lineId = await insertOrderLine(trx, orderId, line);
      const made = await insertLicenses(
        trx,
        Array.from({ length: line.quantity }, () => ({
          manufacturerId,
          productId: line.product_id,
          userId: user.id,
          licenseType: line.license_type,
          serial: newLicenseSerial(),
        })),
      );
      for (const license of made) links.push({ license_id: license.id, order_id: orderId, order_line_id: lineId });
      licenses.push(...made);
    }
    await insertOrderLicenses(trx, links);
    const licenseIds = licenses.map((license) => license.id);
    await mailIssuedLicenses(trx, source.publicUrl, manufacturerId, licenseIds, 'license_issued');
    await recordAudits(
      trx,
      source.actor,
      licenses.map((license) => ({
        manufacturerId,
        action: 'license.create',
        entityType: 'license',
        entityId: license.id,
        after: license,
      })),
    );

    // The row gets its buyer in the same update as its answer: one write of the order row, not two.
    const found = (await findOrder(trx, manufacturerId, orderId))!;
    const order = { ...found, buyer: { ...found.buyer, user_id: user.id } };
    await completeOrder(trx, orderId, user.id, order);
    await recordAudit(trx, source.actor, {
      manufacturerId,
      action: 'order.create',
      entityType: 'order',
      entityId: orderId,
      after: auditedOrder(order),
    });
    return order;
  });
  if (made) return { status: 201, order: made, created: true };

  const first = await findOrderByKey(db, manufacturerId, source.idempotencyKey);
  if (!first || !first.request_hash.equals(hash)) throw idempotencyKeyReused();
  return { status: 201, order: first.answer as Order, created: false };
}
