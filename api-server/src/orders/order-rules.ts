import { createHash } from 'node:crypto';
import { IDEMPOTENCY_KEY_PATTERN, type CreateOrderBody } from 'shared-kit/contract';
import { HttpError, badRequest } from '../lib/http-error';
import type { OrderInput } from './order-shape';

// The rules of an order apart from HTTP and SQL: the key that makes a create safe to retry, and what one request
// means (the same meaning, the same order).

export const IDEMPOTENCY_KEY_REQUIRED =
  'Idempotency-Key header is required: send a unique value (1 to 255 printable characters) with each new order.';
export const IDEMPOTENCY_KEY_INVALID =
  'Idempotency-Key header must be 1 to 255 printable ASCII characters, not starting or ending with a space.';
export const IDEMPOTENCY_KEY_REUSED =
  'This Idempotency-Key was already used for a different order. Use a new key for a new order.';
export const ORDER_ALREADY_REFUNDED = 'This order is refunded already.';
export const CURRENCY_WITHOUT_AMOUNT = 'currency is given without an amount: send both, or neither.';
export const AMOUNT_WITHOUT_CURRENCY = 'amount is given without a currency: send both, or neither.';
export const unknownProduct = (line: number, productId: number) =>
  `lines.${line}.product_id: no product ${productId} of this manufacturer.`;

/** The header's value, checked: absent, repeated or malformed is a 400. */
export function idempotencyKeyOf(header: string | string[] | undefined): string {
  if (header === undefined || header === '') throw badRequest(IDEMPOTENCY_KEY_REQUIRED);
  if (Array.isArray(header) || !IDEMPOTENCY_KEY_PATTERN.test(header)) throw badRequest(IDEMPOTENCY_KEY_INVALID);
  return header;
}

export function orderInputOf(body: CreateOrderBody): OrderInput {
  const amount = body.amount ?? null;
  const currency = body.currency ?? null;
  if (amount !== null && currency === null) throw badRequest(AMOUNT_WITHOUT_CURRENCY);
  if (amount === null && currency !== null) throw badRequest(CURRENCY_WITHOUT_AMOUNT);
  const name = body.buyer.name.trim();
  if (!name) throw badRequest('buyer.name must not be blank');
  return {
    buyer: {
      email: body.buyer.email.trim(),
      name,
      external_id: body.buyer.external_id?.trim() || null,
    },
    lines: body.lines.map(({ product_id, license_type, quantity }) => ({ product_id, license_type, quantity })),
    store: body.store,
    external_order_id: body.external_order_id?.trim() || null,
    amount,
    currency,
  };
}

/** The request's fingerprint under its key: the same order asked again hashes the same, whatever its key order. */
export function requestHash(input: OrderInput): Buffer {
  const canonical = JSON.stringify([
    input.buyer.email.toLowerCase(),
    input.buyer.name,
    input.buyer.external_id,
    input.lines.map((line) => [line.product_id, line.license_type, line.quantity]),
    input.store,
    input.external_order_id,
    input.amount,
    input.currency,
  ]);
  return createHash('sha256').update(canonical).digest();
}

export const idempotencyKeyReused = () => new HttpError(422, IDEMPOTENCY_KEY_REUSED);
