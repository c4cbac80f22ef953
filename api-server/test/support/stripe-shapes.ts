// Stripe events shaped as Stripe documents them (docs.stripe.com/api/events/object, checkout session, charge), for
// the API suite and the e2e tests; store-signatures.ts signs them.
export const stripeEvent = (id: string, type: string, object: Record<string, unknown>) => ({
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

export const checkoutSession = (overrides: Record<string, unknown> = {}) => ({
  id: 'cs_test_a1b2c3d4e5',
  object: 'checkout.session',
  amount_subtotal: 4900,
  amount_total: 4900,
  currency: 'eur',
  customer: 'cus_PnA4kQ2mKx8vZq',
  customer_details: {
    address: { city: 'Berlin', country: 'DE', line1: null, line2: null, postal_code: null, state: null },
    email: 'stripe.buyer@listener.example',
    name: 'Sam Stripe',
    phone: null,
    tax_exempt: 'none',
    tax_ids: [],
  },
  livemode: false,
  metadata: { producthub_prices: 'price_1PsynthStd*2' },
  mode: 'payment',
  payment_intent: 'pi_3PsynthA1b2c3',
  payment_status: 'paid',
  status: 'complete',
  success_url: 'https://shop.example/thanks',
  ...overrides,
});

export const charge = (overrides: Record<string, unknown> = {}) => ({
  id: 'ch_3PsynthA1b2c3',
  object: 'charge',
  amount: 4900,
  amount_refunded: 4900,
  currency: 'eur',
  paid: true,
  payment_intent: 'pi_3PsynthA1b2c3',
  refunded: true,
  status: 'succeeded',
  ...overrides,
});
