import { randomBytes } from 'node:crypto';
import Stripe from 'stripe';
import type { Db } from '../db/database';
import { encrypt } from '../crypto/product-keys';
import { receiveStoreEvent } from '../stores/receive-store-event';
import { insertStoreMapping } from '../stores/queries/store-mappings';
import { saveStoreSecret } from '../stores/queries/store-secrets';
import { secretHint } from '../stores/store-shape';
import { STRIPE_PRICES_METADATA } from '../stores/stripe-events';

/** Not a product or licence the console's end-to-end tests count on (as in batches-demo.ts). */
const PRODUCT_IDENTIFIER = 'com.aurora.compressor';
export const DEMO_STRIPE_PRICE = 'price_1DemoCompressorStd';
const UNMAPPED_PRICE = 'price_1DemoCompressorBundle';

const stripeEvent = (id: string, type: string, object: Record<string, unknown>) => ({
  id,
  object: 'event',
  api_version: '2024-06-20',
  created: Math.floor(Date.now() / 1000),
  data: { object },
  livemode: false,
  pending_webhooks: 1,
  request: { id: null, idempotency_key: null },
  type,
});

const checkout = (id: string, price: string, buyer: { email: string; name: string }) => ({
  id: `cs_demo_${id}`,
  object: 'checkout.session',
  amount_total: 12900,
  currency: 'eur',
  customer_details: { email: buyer.email, name: buyer.name },
  metadata: { [STRIPE_PRICES_METADATA]: price },
  mode: 'payment',
  payment_intent: `pi_demo_${id}`,
  payment_status: 'paid',
  status: 'complete',
});

/**
 * Aurora Audio sells Aurora Compressor through Stripe: a signing secret (made here and thrown away, as the demo's
 * API key secrets: a vendor trying it sets their own), one mapped price, and a few past events, each delivered
 * through the real handler signed by Stripe's SDK: a sale that made an order, a sale of a price nobody mapped
 * (flagged), a partial refund and an event ProductHub ignores. The buyer is the demo's newest customer (as in orders.ts),
 * so the demo keeps its users.
 */
export async function seedStoresDemo(db: Db, masterKey: Buffer, publicUrl: string): Promise<void> {
  const product = await db
    .selectFrom('products')
    .select(['id', 'manufacturer_id'])
    .where('identifier', '=', PRODUCT_IDENTIFIER)
    .executeTakeFirst();
  if (!product) return;
  const manufacturerId = product.manufacturer_id;
  const buyer = await db
    .selectFrom('end_users')
    .select('email')
    .where('manufacturer_id', '=', manufacturerId)
    .orderBy('id', 'desc')
    .executeTakeFirst();
  if (!buyer) return;

  const secret = `whsec_${randomBytes(24).toString('base64url')}`;
  await saveStoreSecret(db, manufacturerId, 'stripe', encrypt(Buffer.from(secret), masterKey), secretHint(secret));
  await insertStoreMapping(db, manufacturerId, 'stripe', {
    store_price_id: DEMO_STRIPE_PRICE,
    product_id: product.id,
    license_type: 'Standard',
  });

  const customer = { email: buyer.email, name: 'Mira Okafor' };
  const events = [
    stripeEvent('evt_1DemoCheckoutPaid', 'checkout.session.completed', checkout('paid', DEMO_STRIPE_PRICE, customer)),
    stripeEvent('evt_1DemoCheckoutBundle', 'checkout.session.completed', checkout('bundle', UNMAPPED_PRICE, customer)),
    stripeEvent('evt_1DemoPartialRefund', 'charge.refunded', {
      id: 'ch_demo_paid',
      object: 'charge',
      amount: 12900,
      amount_refunded: 2000,
      currency: 'eur',
      payment_intent: 'pi_demo_paid',
      refunded: false,
    }),
    stripeEvent('evt_1DemoInvoicePaid', 'invoice.paid', { id: 'in_demo_1', object: 'invoice' }),
  ];
  for (const event of events) {
    const rawBody = JSON.stringify(event);
    await receiveStoreEvent(db, masterKey, publicUrl, {
      store: 'stripe',
      manufacturerRef: String(manufacturerId),
      rawBody,
      signature: Stripe.webhooks.generateTestHeaderString({ payload: rawBody, secret }),
    });
  }
}
