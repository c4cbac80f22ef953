import { createHmac } from 'node:crypto';
import Stripe from 'stripe';

/** Stripe's signature header for a body, made with Stripe's own test helper. */
export const stripeTestSignature = (body: string, secret: string, timestamp?: number) =>
  Stripe.webhooks.generateTestHeaderString({ payload: body, secret, ...(timestamp ? { timestamp } : {}) });

/** Paddle's signature as its docs define it (its SDK has no helper): `ts=…;h1=` HMAC-SHA256 of `ts:body`. */
export const paddleTestSignature = (body: string, secret: string, ts = Math.floor(Date.now() / 1000)) =>
  `ts=${ts};h1=${createHmac('sha256', secret).update(`${ts}:${body}`).digest('hex')}`;
