import { setTimeout as sleep } from 'node:timers/promises';
import type { StoreEventAnswer, StoreEventOutcome, StoreName } from 'shared-kit/contract';
import type { Db } from '../db/database';
import { decrypt } from '../crypto/product-keys';
import { HttpError, badRequest, conflict, notFound } from '../lib/http-error';
import { createOrder } from '../orders/create-order';
import { refundOrder } from '../orders/refund-order';
import { ORDER_ALREADY_REFUNDED } from '../orders/order-rules';
import { EventRefused, type StoreAction, type VerifiedEvent } from './store-action';
import { STORE_LABELS, storeOrderOf } from './store-order-rules';
import { verifyStripeEvent } from './stripe-events';
import { verifyPaddleEvent } from './paddle-events';
import { findManufacturerByRef } from './queries/store-manufacturer';
import { findStoreSecret } from './queries/store-secrets';
import { mappingsOfPrices } from './queries/store-mappings';
import { findStoreCustomer, saveStoreCustomer } from './queries/store-customers';
import { findStoreOrderId } from './queries/store-orders';
import {
  claimStoreEvent,
  findStoreEvent,
  finishStoreEvent,
  releaseStoreEvent,
  type ReceivedEvent,
} from './queries/store-events';

export interface Delivery {
  store: StoreName;
  manufacturerRef: string;
  rawBody: string;
  signature: string | undefined;
}

/** 200 with what the event did, or 202 when it was flagged for the vendor (`unmapped`: no licence). */
export interface DeliveryAnswer {
  status: 200 | 202;
  answer: StoreEventAnswer;
}

interface Result {
  outcome: StoreEventOutcome;
  orderId: number | null;
  message: string | null;
}

/** How long a duplicate delivery waits for the one processing its event before answering 409 (the store retries). */
const DUPLICATE_WAIT_MS = 10_000;
const DUPLICATE_POLL_MS = 50;

/**
 * One store webhook delivery (docs/selling.md, "Stripe", "Paddle"): the manufacturer's signing secret verifies it
 * with the store's SDK before anything is read or written; then the event is claimed by its id, so a redelivery,
 * or a duplicate sent at the same time, acts once and gets the first delivery's answer.
 */
export async function receiveStoreEvent(
  db: Db,
  masterKey: Buffer,
  publicUrl: string,
  delivery: Delivery,
): Promise<DeliveryAnswer> {
  const label = STORE_LABELS[delivery.store];
  const manufacturer = await findManufacturerByRef(db, delivery.manufacturerRef);
  if (!manufacturer) throw notFound('Manufacturer');
  const secret = await findStoreSecret(db, manufacturer.id, delivery.store);
  if (!secret) throw badRequest(`No ${label} signing secret is set for this manufacturer: set it on the Stores page.`);

  const verified = await verify(delivery, decrypt(secret.secret_encrypted, masterKey).toString('utf8'));
  const event: ReceivedEvent = {
    manufacturerId: manufacturer.id,
    store: delivery.store,
    eventId: verified.id,
    eventType: verified.type,
  };
  if (!(await claimStoreEvent(db, event))) return answerOf(event, await settledEvent(db, event));

  let result: Result;
  try {
    result = await act(db, event, verified.action, publicUrl);
  } catch (error) {
    await releaseStoreEvent(db, event);
    throw error;
  }
  await finishStoreEvent(db, event, result.outcome, result.orderId, result.message);
  return answerOf(event, result);
}

async function verify(delivery: Delivery, secret: string): Promise<VerifiedEvent> {
  try {
    return delivery.store === 'stripe'
      ? verifyStripeEvent(delivery.rawBody, delivery.signature, secret)
      : await verifyPaddleEvent(delivery.rawBody, delivery.signature, secret);
  } catch (error) {
    if (error instanceof EventRefused) throw badRequest(error.message);
    throw error;
  }
}

/** The answer the delivery that claimed the event recorded, once it has one. */
async function settledEvent(db: Db, event: ReceivedEvent): Promise<Result> {
  const until = Date.now() + DUPLICATE_WAIT_MS;
  for (;;) {
    const row = await findStoreEvent(db, event);
    if (row && row.outcome !== 'processing')
      return { outcome: row.outcome as StoreEventOutcome, orderId: row.order_id, message: row.message };
    // No row: the delivery that held it failed and let go; the store sends the event again.
    if (!row || Date.now() > until)
      throw conflict('This event is being processed by another delivery: send it again shortly.');
    await sleep(DUPLICATE_POLL_MS);
  }
}

function answerOf(event: ReceivedEvent, result: Result): DeliveryAnswer {
  return {
    status: result.outcome === 'unmapped' ? 202 : 200,
    answer: { event_id: event.eventId, outcome: result.outcome, order_id: result.orderId, message: result.message },
  };
}

async function act(db: Db, event: ReceivedEvent, action: StoreAction, publicUrl: string): Promise<Result> {
  const { manufacturerId, store } = event;
  switch (action.kind) {
    case 'ignore':
      return { outcome: 'ignored', orderId: null, message: action.message };
    case 'customer':
      await saveStoreCustomer(db, manufacturerId, store, action);
      return { outcome: 'ignored', orderId: null, message: "Kept the customer's email for its transactions." };
    case 'refund':
      return refund(db, event, action.externalOrderId, action.reason, publicUrl);
    case 'order':
      return order(db, event, action, publicUrl);
  }
}

async function order(
  db: Db,
  event: ReceivedEvent,
  action: Extract<StoreAction, { kind: 'order' }>,
  publicUrl: string,
): Promise<Result> {
  const { manufacturerId, store } = event;
  let buyer: { email: string | null; name: string | null } = { email: null, name: null };
  if ('customerId' in action.buyer) {
    const customer = await findStoreCustomer(db, manufacturerId, store, action.buyer.customerId);
    if (!customer)
      return {
        outcome: 'unmapped',
        orderId: null,
        message: `The buyer's email is unknown: send customer.created and customer.updated events to this URL too, then resend the event.`,
      };
    buyer = customer;
  } else buyer = action.buyer;

  const priceIds = [...new Set(action.prices.map((price) => price.priceId))];
  const made = storeOrderOf(
    { ...action, ...buyer, store },
    await mappingsOfPrices(db, manufacturerId, store, priceIds),
  );
  if ('flagged' in made) return { outcome: 'unmapped', orderId: null, message: made.flagged };
  try {
    const answer = await createOrder(db, { id: manufacturerId }, made.body, {
      actor: null,
      idempotencyKey: `${store}:${event.eventId}`,
      publicUrl,
    });
    return { outcome: 'created', orderId: answer.order.id, message: null };
  } catch (error) {
    if (error instanceof HttpError && error.statusCode < 500)
      return { outcome: 'unmapped', orderId: null, message: error.message };
    throw error;
  }
}

async function refund(
  db: Db,
  event: ReceivedEvent,
  externalOrderId: string,
  reason: Parameters<typeof refundOrder>[4],
  publicUrl: string,
): Promise<Result> {
  const orderId = await findStoreOrderId(db, event.manufacturerId, event.store, externalOrderId);
  if (orderId === undefined)
    return {
      outcome: 'ignored',
      orderId: null,
      message: `No order of the ${STORE_LABELS[event.store]} sale ${externalOrderId}.`,
    };
  try {
    await refundOrder(db, event.manufacturerId, orderId, null, reason, publicUrl);
    return { outcome: 'refunded', orderId, message: null };
  } catch (error) {
    if (error instanceof HttpError && error.message === ORDER_ALREADY_REFUNDED)
      return { outcome: 'ignored', orderId, message: ORDER_ALREADY_REFUNDED };
    throw error;
  }
}
