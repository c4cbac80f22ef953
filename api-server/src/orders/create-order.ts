import type { CreateOrderBody, Order } from 'shared-kit/contract';
import type { AuditActor } from '../auth/actor';
import type { Db } from '../db/database';
import { badRequest } from '../lib/http-error';
import { joinReleaseChannel } from '../people/queries/channel-memberships';
import { idempotencyKeyReused, orderInputOf, requestHash, unknownProduct } from './order-rules';
import { findOrCreateBuyer } from './queries/buyers';
import { findOrderByKey } from './queries/orders';
import { readOrderContext, writeOrder } from './queries/order-writes';
import { orderRowsOf, type Buyer } from './order-rows';
import type { OrderInput } from './order-shape';

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
 * writes the buyer's licence-issued mail to the outbox, and records the order, all or nothing; an unknown product
 * refuses the whole order. The order row claims the Idempotency-Key in the statement that writes everything, so a
 * retry, or a duplicate sent at the same time, gets the first order's answer and creates nothing; the same key with
 * another body is a 422. A new buyer's end user is made in one transaction with the order. The entry point of the
 * order API and of the store adapters.
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
  const context = await readOrderContext(db, manufacturerId, source.idempotencyKey, input, 'license_issued');
  if (context.taken) return answerOfTaken(context.taken, hash);
  input.lines.forEach((line, index) => {
    if (!context.products.has(line.product_id)) throw badRequest(unknownProduct(index, line.product_id));
  });
  const write = async (trx: Db, buyer: Buyer) => {
    const rows = orderRowsOf(context, manufacturerId, input, hash, buyer, source);
    const createdAt = await writeOrder(trx, rows);
    return createdAt === undefined ? undefined : { ...rows.answer, created_at: createdAt, updated_at: createdAt };
  };
  const made = context.buyer
    ? await write(db, context.buyer)
    : await db
        .transaction()
        .execute(async (trx) => {
          const order = await write(trx, await newBuyer(trx, manufacturerId, input.buyer));
          // The key was taken meanwhile: the buyer made for this order goes too.
          if (!order) throw KEY_TAKEN;
          return order;
        })
        .catch((error: unknown) => {
          if (error === KEY_TAKEN) return undefined;
          throw error;
        });
  if (made) return { status: 201, order: made, created: true };

  // A request with the same key was in flight and committed first.
  const first = await findOrderByKey(db, manufacturerId, source.idempotencyKey);
  if (!first) throw idempotencyKeyReused();
  return answerOfTaken(first, hash);
}

const KEY_TAKEN = Symbol('the Idempotency-Key was taken');

/** The first order's answer when this request is the same order; a 422 when the key was used for another. */
function answerOfTaken(taken: { request_hash: Buffer; answer: unknown }, hash: Buffer): OrderAnswer {
  if (!taken.request_hash.equals(hash)) throw idempotencyKeyReused();
  return { status: 201, order: taken.answer as Order, created: false };
}

/** The buyer's new end user, in the manufacturer's Release channel; not `created` when a concurrent order made it. */
async function newBuyer(trx: Db, manufacturerId: number, buyer: OrderInput['buyer']): Promise<Buyer> {
  const { user, created } = await findOrCreateBuyer(trx, manufacturerId, buyer);
  if (created) await joinReleaseChannel(trx, manufacturerId, user.id);
  return { id: user.id, email: user.email, created: created ? user : undefined };
}
