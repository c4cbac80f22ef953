import { STATE_DOCUMENT_FORMAT } from 'signed-formats';
import type { StoreEventAnswer, StoreMapping, StoreSettings } from 'shared-kit/contract';
import { PADDLE_NOT_AN_EVENT, PADDLE_SIGNATURE_REFUSED } from '../src/stores/paddle-events';
import { STRIPE_NOT_AN_EVENT, STRIPE_SIGNATURE_REFUSED } from '../src/stores/stripe-events';
import { appForSuite } from './support/test-app';
import { auth, tableDigest } from './support/fixtures';
import { createLicensingWorld } from './licensing-fixtures';
import { clientPost, verifiedDocument } from './client-fixtures';
import { paddleTestSignature, stripeTestSignature } from './support/store-signatures';
import { charge, checkoutSession, stripeEvent } from './support/stripe-shapes';

const STRIPE_SECRET = 'whsec_test_4eC39HqLyjWDarjtT1zdp7dc';
const PADDLE_SECRET = 'pdl_ntfset_01hv8x_test_secret_0123456789';
const STORE_TABLES = ['orders', 'order_lines', 'order_licenses', 'licenses', 'end_users', 'store_events'];

// A dispute is only sent here; the event, checkout session and charge shapes are shared with the e2e sale.
const dispute = (paymentIntent: string) => ({
  id: 'dp_1PsynthDispute',
  object: 'dispute',
  amount: 4900,
  charge: 'ch_3PsynthDisputed',
  currency: 'eur',
  payment_intent: paymentIntent,
  reason: 'fraudulent',
  status: 'needs_response',
});

// Shaped as Paddle documents its notifications (developer.paddle.com/webhooks/…): snake_case, amounts as strings.
const paddleEvent = (eventId: string, eventType: string, data: Record<string, unknown>) => ({
  event_id: eventId,
  event_type: eventType,
  occurred_at: new Date().toISOString(),
  notification_id: `ntf_${eventId.slice(4)}`,
  data,
});

const totals = {
  fee: '0',
  tax: '0',
  total: '6000',
  credit: '0',
  balance: '0',
  discount: '0',
  earnings: '6000',
  subtotal: '6000',
  grand_total: '6000',
  currency_code: 'USD',
  credit_to_balance: '0',
};

const paddleTransaction = (id: string, customerId: string, priceId = 'pri_01hsynthstandard', quantity = 2) => ({
  id,
  items: [
    {
      price: {
        id: priceId,
        name: 'Alpha Synth licence',
        type: 'standard',
        status: 'active',
        quantity: { maximum: 999, minimum: 1 },
        tax_mode: 'account_setting',
        created_at: '2024-04-01T10:00:00.000Z',
        product_id: 'pro_01hsynth',
        unit_price: { amount: '3000', currency_code: 'USD' },
        updated_at: '2024-04-01T10:00:00.000Z',
        custom_data: null,
        description: 'Alpha Synth, one licence',
        trial_period: null,
        billing_cycle: null,
        unit_price_overrides: [],
      },
      quantity,
      proration: null,
    },
  ],
  origin: 'web',
  status: 'completed',
  details: {
    totals,
    line_items: [],
    payout_totals: null,
    tax_rates_used: [],
    adjusted_totals: {
      fee: '0',
      tax: '0',
      total: '6000',
      earnings: '6000',
      subtotal: '6000',
      grand_total: '6000',
      currency_code: 'USD',
    },
  },
  checkout: { url: 'https://shop.example/pay?_ptxn=' + id },
  payments: [],
  billed_at: '2024-04-12T10:18:48.294633Z',
  address_id: 'add_01hv8x1jnqjvxfrmahaxg2qvwp',
  created_at: '2024-04-12T10:12:33.2014Z',
  invoice_id: null,
  updated_at: '2024-04-12T10:18:49.738Z',
  business_id: null,
  custom_data: null,
  customer_id: customerId,
  discount_id: null,
  currency_code: 'USD',
  billing_period: null,
  invoice_number: null,
  billing_details: null,
  collection_mode: 'automatic',
  subscription_id: null,
});

const paddleCustomer = (id: string, email: string) => ({
  id,
  name: 'Pat Paddle',
  email,
  locale: 'en',
  status: 'active',
  created_at: '2024-04-11T15:57:24.813Z',
  updated_at: '2024-04-11T15:57:24.813Z',
  custom_data: null,
  import_meta: null,
  marketing_consent: false,
});

const paddleAdjustment = (transactionId: string, status: string, type = 'full') => ({
  id: 'adj_01hvgf2s84dr6reszzg29zbvcm',
  action: 'refund',
  type,
  reason: 'error',
  status,
  totals: { fee: '0', tax: '0', total: '6000', earnings: '6000', subtotal: '6000', currency_code: 'USD' },
  items: [],
  created_at: '2024-04-15T08:48:20.239695Z',
  updated_at: '2024-04-15T08:48:20.239695Z',
  customer_id: 'ctm_01hv6y1jedq4p1n0yqn5ba3ky4',
  currency_code: 'USD',
  payout_totals: null,
  transaction_id: transactionId,
  subscription_id: null,
  credit_applied_to_balance: null,
});

const paddleSignature = (body: string, secret = PADDLE_SECRET, ts?: number) => paddleTestSignature(body, secret, ts);
const stripeSignature = (body: string, secret = STRIPE_SECRET, timestamp?: number) =>
  stripeTestSignature(body, secret, timestamp);

describe('store adapters', () => {
  const suite = appForSuite(async (t) => {
    const world = await createLicensingWorld(t);
    await t.db
      .insertInto('distribution_channels')
      .values({ manufacturer_id: world.manufacturerA.id, type: 'Release', name: 'Release' })
      .onConflict((oc) => oc.columns(['manufacturer_id', 'type']).doNothing())
      .execute();
    return world;
  });
  const staffA = () => auth(suite.world.staffAToken);
  const storeUrl = (store: string, path = '') =>
    `/api/v1/manufacturers/${suite.world.manufacturerA.id}/stores/${store}${path}`;

  const deliver = (store: 'stripe' | 'paddle', body: string, signature: string | null, ref?: string | number) =>
    suite.t.app.inject({
      method: 'POST',
      url: `/api/v1/stores/${store}/${ref ?? suite.world.manufacturerA.id}/events`,
      headers: {
        'content-type': 'application/json; charset=utf-8',
        ...(signature === null ? {} : { [`${store}-signature`]: signature }),
      },
      payload: body,
    });
  const deliverStripe = (event: object) => {
    const body = JSON.stringify(event, null, 2);
    return deliver('stripe', body, stripeSignature(body));
  };
  const deliverPaddle = (event: object) => {
    const body = JSON.stringify(event);
    return deliver('paddle', body, paddleSignature(body));
  };
  const digest = async () => (await Promise.all(STORE_TABLES.map((table) => tableDigest(suite.t.db, table)))).join();
  const orderOf = (id: number) =>
    suite.t.app.inject({ method: 'GET', url: `/api/v1/orders/${id}`, headers: staffA() }).then((r) => r.json());

  describe('settings', () => {
    it('sets the signing secrets encrypted, shows only "set" and the last 4, and audits', async () => {
      const empty = await suite.t.app.inject({ method: 'GET', url: storeUrl('stripe'), headers: staffA() });
      expect(empty.statusCode).toBe(200);
      expect(empty.json()).toMatchObject({
        store: 'stripe',
        webhook_path: `/api/v1/stores/stripe/${suite.world.manufacturerA.id}/events`,
        secret: { set: false, hint: null },
        mappings: [],
        events: [],
      });
      for (const [store, secret] of [
        ['stripe', STRIPE_SECRET],
        ['paddle', PADDLE_SECRET],
      ] as const) {
        const set = await suite.t.app.inject({
          method: 'PUT',
          url: storeUrl(store, '/secret'),
          headers: staffA(),
          payload: { secret },
        });
        expect(set.statusCode).toBe(200);
        expect(set.json<StoreSettings>().secret).toMatchObject({ set: true, hint: secret.slice(-4) });
        expect(set.body).not.toContain(secret);
      }
      const row = await suite.t.db
        .selectFrom('store_secrets' as never)
        .select(['secret_encrypted' as never])
        .execute();
      expect(JSON.stringify(row)).not.toContain(STRIPE_SECRET);
      const audit = await suite.t.db
        .selectFrom('audit_log')
        .select(['action', 'after'])
        .where('action', '=', 'store.secret_set')
        .execute();
      expect(audit).toHaveLength(2);
      expect(JSON.stringify(audit)).not.toContain(STRIPE_SECRET);
    });

    it('maps store prices to a product and licence type; another tenant, unknown product or a duplicate refused', async () => {
      const add = (store: string, payload: object, headers = staffA()) =>
        suite.t.app.inject({ method: 'POST', url: storeUrl(store, '/mappings'), headers, payload });
      const made = await add('stripe', {
        store_price_id: 'price_1PsynthStd',
        product_id: suite.world.synth.id,
        license_type: 'Standard',
      });
      expect(made.statusCode).toBe(201);
      expect(made.json<StoreMapping>()).toMatchObject({ product_name: 'Alpha Synth', license_type: 'Standard' });
      expect(
        (
          await add('paddle', {
            store_price_id: 'pri_01hsynthstandard',
            product_id: suite.world.synth.id,
            license_type: 'Standard',
          })
        ).statusCode,
      ).toBe(201);

      const before = await digest();
      const foreign = await add('stripe', {
        store_price_id: 'price_foreign',
        product_id: suite.world.betaProduct.id,
        license_type: 'Standard',
      });
      expect(foreign.statusCode).toBe(400);
      expect(foreign.json().message[0]).toMatch(/^product_id/);
      const badType = await add('stripe', {
        store_price_id: 'price_x',
        product_id: suite.world.synth.id,
        license_type: 'Lifetime',
      });
      expect(badType.statusCode).toBe(400);
      expect(badType.json().message[0]).toMatch(/license_type/);
      const twice = await add('stripe', {
        store_price_id: 'price_1PsynthStd',
        product_id: suite.world.drums.id,
        license_type: 'NFR',
      });
      expect(twice.statusCode).toBe(409);
      const otherTenant = await suite.t.app.inject({
        method: 'GET',
        url: storeUrl('stripe'),
        headers: auth(suite.world.staffBToken),
      });
      expect(otherTenant.statusCode).toBe(404);
      expect(await digest()).toBe(before);

      const superuser = await suite.t.app.inject({
        method: 'GET',
        url: storeUrl('stripe'),
        headers: auth(suite.world.superToken),
      });
      expect(superuser.statusCode).toBe(200);
      expect(superuser.json<StoreSettings>().mappings.map((m) => m.store_price_id)).toEqual(['price_1PsynthStd']);

      const removable = await add('stripe', {
        store_price_id: 'price_to_remove',
        product_id: suite.world.drums.id,
        license_type: 'NFR',
      });
      const removed = await suite.t.app.inject({
        method: 'DELETE',
        url: storeUrl('stripe', `/mappings/${removable.json<StoreMapping>().id}`),
        headers: staffA(),
      });
      expect(removed.statusCode).toBe(204);
      const again = await suite.t.app.inject({
        method: 'DELETE',
        url: storeUrl('stripe', `/mappings/${removable.json<StoreMapping>().id}`),
        headers: staffA(),
      });
      expect(again.statusCode).toBe(404);
    });

    it('refuses a secret outside 8 to 200 printable characters (400) and a 501st mapping (409), writing nothing', async () => {
      const secretsBefore = await tableDigest(suite.t.db, 'store_secrets');
      for (const secret of ['whsec_7', `whsec_${'x'.repeat(195)}`, 'whsec_with space']) {
        const refused = await suite.t.app.inject({
          method: 'PUT',
          url: storeUrl('paddle', '/secret'),
          headers: staffA(),
          payload: { secret },
        });
        expect({ secret, status: refused.statusCode }).toEqual({ secret, status: 400 });
      }
      expect(await tableDigest(suite.t.db, 'store_secrets')).toBe(secretsBefore);

      const manufacturerId = suite.world.manufacturerB.id;
      await suite.t.db
        .insertInto('store_mappings' as never)
        .values(
          Array.from({ length: 499 }, (_, n) => ({
            manufacturer_id: manufacturerId,
            store: 'stripe',
            store_price_id: `price_bulk_${n}`,
            product_id: suite.world.betaProduct.id,
            license_type: 'Standard',
          })) as never,
        )
        .execute();
      const add = (storePriceId: string) =>
        suite.t.app.inject({
          method: 'POST',
          url: `/api/v1/manufacturers/${manufacturerId}/stores/stripe/mappings`,
          headers: auth(suite.world.staffBToken),
          payload: { store_price_id: storePriceId, product_id: suite.world.betaProduct.id, license_type: 'Standard' },
        });
      expect((await add('price_bulk_499')).statusCode).toBe(201);
      const mappingsBefore = await tableDigest(suite.t.db, 'store_mappings');
      const over = await add('price_bulk_500');
      expect(over.statusCode).toBe(409);
      expect(over.json()).toEqual({ message: ['A store holds at most 500 mappings. Remove one first.'] });
      expect(await tableDigest(suite.t.db, 'store_mappings')).toBe(mappingsBefore);
    });

    it('edits a mapping in place, audited with before and after; bad input, a taken price or another tenant change nothing', async () => {
      const add = (payload: object) =>
        suite.t.app.inject({ method: 'POST', url: storeUrl('stripe', '/mappings'), headers: staffA(), payload });
      const edit = (id: number, payload: object, headers = staffA()) =>
        suite.t.app.inject({ method: 'PUT', url: storeUrl('stripe', `/mappings/${id}`), headers, payload });
      const made = await add({
        store_price_id: 'price_to_edit',
        product_id: suite.world.synth.id,
        license_type: 'Standard',
      });
      const id = made.json<StoreMapping>().id;
      const edited = await edit(id, {
        store_price_id: 'price_edited',
        product_id: suite.world.drums.id,
        license_type: 'NFR',
      });
      expect(edited.statusCode).toBe(200);
      expect(edited.json<StoreMapping>()).toEqual({
        ...made.json<StoreMapping>(),
        store_price_id: 'price_edited',
        product_id: suite.world.drums.id,
        product_name: 'Alpha Drums',
        license_type: 'NFR',
      });
      const audit = await suite.t.db
        .selectFrom('audit_log')
        .select(['entity_id', 'before', 'after'])
        .where('action', '=', 'store.mapping_update')
        .executeTakeFirstOrThrow();
      expect(audit).toMatchObject({
        entity_id: String(id),
        before: { store: 'stripe', store_price_id: 'price_to_edit', license_type: 'Standard' },
        after: { store: 'stripe', store_price_id: 'price_edited', license_type: 'NFR' },
      });

      const before = await digest();
      const taken = await edit(id, {
        store_price_id: 'price_1PsynthStd',
        product_id: suite.world.synth.id,
        license_type: 'Standard',
      });
      expect(taken.statusCode).toBe(409);
      expect(taken.json().message[0]).toBe('The Stripe price price_1PsynthStd is mapped already: remove it first.');
      const foreign = await edit(id, {
        store_price_id: 'price_edited',
        product_id: suite.world.betaProduct.id,
        license_type: 'Standard',
      });
      expect(foreign.statusCode).toBe(400);
      expect(foreign.json().message[0]).toMatch(/^product_id/);
      const partial = await edit(id, { license_type: 'Standard' });
      expect(partial.statusCode).toBe(400);
      const otherTenant = await edit(
        id,
        { store_price_id: 'price_edited', product_id: suite.world.synth.id, license_type: 'Standard' },
        auth(suite.world.staffBToken),
      );
      expect(otherTenant.statusCode).toBe(404);
      const paddlesOwn = await suite.t.app.inject({
        method: 'PUT',
        url: storeUrl('paddle', `/mappings/${id}`),
        headers: staffA(),
        payload: { store_price_id: 'pri_x', product_id: suite.world.synth.id, license_type: 'Standard' },
      });
      expect(paddlesOwn.statusCode).toBe(404);
      expect(
        (await edit(999999, { store_price_id: 'p', product_id: suite.world.synth.id, license_type: 'NFR' })).statusCode,
      ).toBe(404);
      expect(await digest()).toBe(before);
    });
  });

  describe('Stripe', () => {
    it('a checkout makes the order and licences once; replays and concurrent duplicates get the same answer', async () => {
      const event = stripeEvent('evt_1PcheckoutA', 'checkout.session.completed', checkoutSession());
      const body = JSON.stringify(event);
      const signature = stripeSignature(body);
      const answers = await Promise.all([1, 2, 3].map(() => deliver('stripe', body, signature)));
      expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200]);
      const first = answers[0]!.json<StoreEventAnswer>();
      expect(first).toMatchObject({ event_id: 'evt_1PcheckoutA', outcome: 'created' });
      expect(answers.map((answer) => answer.json())).toEqual([first, first, first]);
      const replay = await deliver('stripe', body, stripeSignature(body));
      expect(replay.json()).toEqual(first);

      const order = await orderOf(first.order_id!);
      expect(order).toMatchObject({
        store: 'stripe',
        external_order_id: 'pi_3PsynthA1b2c3',
        amount: 4900,
        currency: 'EUR',
        buyer: { email: 'stripe.buyer@listener.example', name: 'Sam Stripe' },
        lines: [{ product_id: suite.world.synth.id, license_type: 'Standard', quantity: 2 }],
      });
      expect(order.licenses).toHaveLength(2);
      const orders = await suite.t.db
        .selectFrom('orders')
        .select('id')
        .where('external_order_id', '=', 'pi_3PsynthA1b2c3')
        .execute();
      expect(orders).toHaveLength(1);
    });

    it('reads the line items when the event carries them', async () => {
      const session = checkoutSession({
        id: 'cs_test_items',
        payment_intent: 'pi_items',
        metadata: {},
        line_items: { object: 'list', data: [{ id: 'li_1', price: { id: 'price_1PsynthStd' }, quantity: 3 }] },
      });
      const answer = await deliverStripe(stripeEvent('evt_1Pitems', 'checkout.session.completed', session));
      expect(answer.statusCode).toBe(200);
      const order = await orderOf(answer.json<StoreEventAnswer>().order_id!);
      expect(order.lines[0].quantity).toBe(3);
    });

    it('refuses a bad signature, an old timestamp, a changed body or no signature: 400, nothing written', async () => {
      const event = stripeEvent(
        'evt_1Ptampered',
        'checkout.session.completed',
        checkoutSession({ payment_intent: 'pi_t' }),
      );
      const body = JSON.stringify(event);
      const before = await digest();
      const wrongSecret = await deliver('stripe', body, stripeSignature(body, 'whsec_someone_else_secret'));
      const old = await deliver(
        'stripe',
        body,
        stripeSignature(body, STRIPE_SECRET, Math.floor(Date.now() / 1000) - 301),
      );
      const changed = await deliver('stripe', body.replace('stripe.buyer@', 'thief@'), stripeSignature(body));
      const none = await deliver('stripe', body, null);
      for (const refused of [wrongSecret, old, changed])
        expect(refused.json()).toEqual({ message: [STRIPE_SIGNATURE_REFUSED] });
      for (const refused of [wrongSecret, old, changed, none]) expect(refused.statusCode).toBe(400);
      expect(await digest()).toBe(before);
    });

    it('an unmapped price: 202 and the event flagged, no licence; a redelivery after mapping makes the order', async () => {
      const event = stripeEvent(
        'evt_1Punmapped',
        'checkout.session.completed',
        checkoutSession({ payment_intent: 'pi_unmapped', metadata: { producthub_prices: 'price_unknown' } }),
      );
      const licensesBefore = await suite.t.db.selectFrom('licenses').select('id').execute();
      const flagged = await deliverStripe(event);
      expect(flagged.statusCode).toBe(202);
      expect(flagged.json()).toMatchObject({ outcome: 'unmapped', order_id: null });
      expect(flagged.json().message).toContain('price_unknown');
      expect(await suite.t.db.selectFrom('licenses').select('id').execute()).toHaveLength(licensesBefore.length);
      const settings = await suite.t.app.inject({ method: 'GET', url: storeUrl('stripe'), headers: staffA() });
      expect(settings.json<StoreSettings>().events[0]).toMatchObject({
        event_id: 'evt_1Punmapped',
        outcome: 'unmapped',
      });

      await suite.t.app.inject({
        method: 'POST',
        url: storeUrl('stripe', '/mappings'),
        headers: staffA(),
        payload: { store_price_id: 'price_unknown', product_id: suite.world.drums.id, license_type: 'NFR' },
      });
      const resent = await deliverStripe(event);
      expect(resent.statusCode).toBe(200);
      expect(resent.json()).toMatchObject({ outcome: 'created' });
    });

    it('a full refund disables the licences and the plugin hears it; a dispute too; an unknown manufacturer 404', async () => {
      const sale = await deliverStripe(
        stripeEvent('evt_1Prefundsale', 'checkout.session.completed', checkoutSession({ payment_intent: 'pi_refund' })),
      );
      const order = await orderOf(sale.json<StoreEventAnswer>().order_id!);
      const partial = await deliverStripe(
        stripeEvent('evt_1Ppartial', 'charge.refunded', charge({ payment_intent: 'pi_refund', refunded: false })),
      );
      expect(partial.json()).toMatchObject({ outcome: 'ignored' });
      const refundEvent = stripeEvent('evt_1Prefund', 'charge.refunded', charge({ payment_intent: 'pi_refund' }));
      const refunded = await deliverStripe(refundEvent);
      expect(refunded.statusCode).toBe(200);
      expect(refunded.json()).toMatchObject({ outcome: 'refunded', order_id: order.id });
      expect(await deliverStripe(refundEvent).then((r) => r.json())).toEqual(refunded.json());

      const validation = await clientPost(suite.t, '/validations', {
        product_id: suite.world.synth.id,
        serial: order.licenses[0].serial,
        hardware_fingerprint: 'STORE-MACHINE',
        nonce: 'nonce-0123456789abcdef',
      });
      expect(verifiedDocument(STATE_DOCUMENT_FORMAT, validation.body, suite.world.synth.public_key)).toMatchObject({
        license_enabled: false,
        disabled_reason: 'CancelledOrder',
      });

      const disputedSale = await deliverStripe(
        stripeEvent(
          'evt_1Pdisputesale',
          'checkout.session.completed',
          checkoutSession({ payment_intent: 'pi_dispute' }),
        ),
      );
      const disputed = await deliverStripe(
        stripeEvent('evt_1Pdispute', 'charge.dispute.created', dispute('pi_dispute')),
      );
      expect(disputed.json()).toMatchObject({ outcome: 'refunded', order_id: disputedSale.json().order_id });
      expect((await orderOf(disputedSale.json().order_id)).refund_reason).toBe('FraudulentUse');

      const body = JSON.stringify(refundEvent);
      expect((await deliver('stripe', body, stripeSignature(body), 999_999)).statusCode).toBe(404);
      expect((await deliver('stripe', body, stripeSignature(body), 'no-such-maker')).statusCode).toBe(404);
    });
    it('acts on a paid or free checkout only; names the buyer by email without a name, the sale by session id without a payment', async () => {
      const unpaid = await deliverStripe(
        stripeEvent(
          'evt_1Punpaid',
          'checkout.session.completed',
          checkoutSession({ payment_intent: 'pi_unpaid', payment_status: 'unpaid' }),
        ),
      );
      expect(unpaid.statusCode).toBe(200);
      expect(unpaid.json()).toMatchObject({ outcome: 'ignored', order_id: null });
      const free = await deliverStripe(
        stripeEvent(
          'evt_1Pfree',
          'checkout.session.completed',
          checkoutSession({
            id: 'cs_test_free',
            payment_intent: null,
            payment_status: 'no_payment_required',
            amount_total: 0,
            customer_details: { email: 'free.buyer@listener.example', name: null },
          }),
        ),
      );
      expect(free.json()).toMatchObject({ outcome: 'created' });
      expect(await orderOf(free.json<StoreEventAnswer>().order_id!)).toMatchObject({
        external_order_id: 'cs_test_free',
        buyer: { email: 'free.buyer@listener.example', name: 'free.buyer@listener.example' },
        amount: 0,
        currency: 'EUR',
      });
      const orders = await suite.t.db
        .selectFrom('orders')
        .select('id')
        .where('external_order_id', '=', 'pi_unpaid')
        .execute();
      expect(orders).toHaveLength(0);
    });

    it('flags a quantity over 1,000 (202): no licence', async () => {
      const before = await suite.t.db.selectFrom('licenses').select('id').execute();
      const flagged = await deliverStripe(
        stripeEvent(
          'evt_1Pbulk',
          'checkout.session.completed',
          checkoutSession({ payment_intent: 'pi_bulk', metadata: { producthub_prices: 'price_1PsynthStd*1001' } }),
        ),
      );
      expect(flagged.statusCode).toBe(202);
      expect(flagged.json()).toMatchObject({ outcome: 'unmapped', order_id: null });
      expect(flagged.json().message).toContain('1001');
      expect(await suite.t.db.selectFrom('licenses').select('id').execute()).toHaveLength(before.length);
    });

    it('answers every other event 200, ignored; the portal slug works in place of the id', async () => {
      const invoice = await deliverStripe(
        stripeEvent('evt_1Pinvoice', 'invoice.paid', { id: 'in_1', object: 'invoice', status: 'paid' }),
      );
      expect(invoice.statusCode).toBe(200);
      expect(invoice.json()).toMatchObject({ event_id: 'evt_1Pinvoice', outcome: 'ignored', order_id: null });
      await suite.t.db
        .updateTable('manufacturers')
        .set({ portal_slug: 'alpha-sells' })
        .where('id', '=', suite.world.manufacturerA.id)
        .execute();
      const body = JSON.stringify(
        stripeEvent('evt_1Pbyslug', 'checkout.session.completed', checkoutSession({ payment_intent: 'pi_byslug' })),
      );
      const bySlug = await deliver('stripe', body, stripeSignature(body), 'alpha-sells');
      expect(bySlug.statusCode).toBe(200);
      expect(bySlug.json()).toMatchObject({ outcome: 'created' });
    });

    it('records every event by its id; the settings list the last 20, newest first', async () => {
      for (let n = 1; n <= 21; n++) {
        const answer = await deliverStripe(stripeEvent(`evt_1Pmany${n}`, 'customer.created', { id: `cus_${n}` }));
        expect(answer.json()).toMatchObject({ outcome: 'ignored' });
      }
      const settings = await suite.t.app.inject({ method: 'GET', url: storeUrl('stripe'), headers: staffA() });
      const events = settings.json<StoreSettings>().events;
      expect(events).toHaveLength(20);
      expect(events[0]).toMatchObject({ event_id: 'evt_1Pmany21', event_type: 'customer.created', outcome: 'ignored' });
      expect(events.map((event) => event.event_id)).not.toContain('evt_1Pmany1');
    });

    it('answers 409 after waiting 10 s while another delivery processes the same event, writing nothing', async () => {
      await suite.t.db
        .insertInto('store_events' as never)
        .values({
          manufacturer_id: suite.world.manufacturerA.id,
          store: 'stripe',
          event_id: 'evt_1Pinflight',
          event_type: 'checkout.session.completed',
          outcome: 'processing',
        } as never)
        .execute();
      const before = await digest();
      const started = Date.now();
      const busy = await deliverStripe(
        stripeEvent('evt_1Pinflight', 'checkout.session.completed', checkoutSession({ payment_intent: 'pi_inflight' })),
      );
      expect(Date.now() - started).toBeGreaterThanOrEqual(10_000);
      expect(busy.statusCode).toBe(409);
      expect(await digest()).toBe(before);
    }, 30_000);

    it("refuses a signed body that is not the store's event, and an empty body: 400, nothing written", async () => {
      const before = await digest();
      for (const store of ['stripe', 'paddle'] as const) {
        const sign = store === 'stripe' ? stripeSignature : paddleSignature;
        for (const body of ['{"hello":"world"}', 'not json at all']) {
          const refused = await deliver(store, body, sign(body));
          expect({ store, body, status: refused.statusCode, message: refused.json().message }).toEqual({
            store,
            body,
            status: 400,
            message: [store === 'stripe' ? STRIPE_NOT_AN_EVENT : PADDLE_NOT_AN_EVENT],
          });
        }
        expect((await deliver(store, '', sign(''))).statusCode).toBe(400);
      }
      expect(await digest()).toBe(before);
    });

    it('refuses an event for a store with no signing secret set: 400, nothing written', async () => {
      const before = await digest();
      const body = JSON.stringify(stripeEvent('evt_1Pnosecret', 'checkout.session.completed', checkoutSession()));
      const refused = await deliver('stripe', body, stripeSignature(body), suite.world.manufacturerB.id);
      expect(refused.statusCode).toBe(400);
      expect(refused.json<{ message: string[] }>().message[0]).toMatch(/^No Stripe signing secret is set/);
      expect(await digest()).toBe(before);
    });
  });

  describe('Paddle', () => {
    it('a completed transaction makes the order for the customer its customer event named; a refund disables it', async () => {
      const customer = await deliverPaddle(
        paddleEvent(
          'evt_01hv8customer',
          'customer.created',
          paddleCustomer('ctm_01hv6y1j', 'paddle.buyer@listener.example'),
        ),
      );
      expect(customer.statusCode).toBe(200);
      const event = paddleEvent(
        'evt_01hv8x2acma2',
        'transaction.completed',
        paddleTransaction('txn_01hv8wptq8', 'ctm_01hv6y1j'),
      );
      const body = JSON.stringify(event);
      const signature = paddleSignature(body);
      const answers = await Promise.all([1, 2].map(() => deliver('paddle', body, signature)));
      expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
      expect(answers[1]!.json()).toEqual(answers[0]!.json());
      const created = answers[0]!.json<StoreEventAnswer>();
      expect(created.outcome).toBe('created');
      const order = await orderOf(created.order_id!);
      expect(order).toMatchObject({
        store: 'paddle',
        external_order_id: 'txn_01hv8wptq8',
        amount: 6000,
        currency: 'USD',
        buyer: { email: 'paddle.buyer@listener.example', name: 'Pat Paddle' },
        lines: [{ product_id: suite.world.synth.id, license_type: 'Standard', quantity: 2 }],
      });

      const pending = await deliverPaddle(
        paddleEvent('evt_01hvadjpending', 'adjustment.created', paddleAdjustment('txn_01hv8wptq8', 'pending_approval')),
      );
      expect(pending.json()).toMatchObject({ outcome: 'ignored' });
      const approved = await deliverPaddle(
        paddleEvent('evt_01hvadjapproved', 'adjustment.updated', paddleAdjustment('txn_01hv8wptq8', 'approved')),
      );
      expect(approved.json()).toMatchObject({ outcome: 'refunded', order_id: order.id });
      expect((await orderOf(order.id)).licenses.every((l: { disabled: boolean }) => l.disabled)).toBe(true);
    });

    it('an unknown customer or price: 202 flagged, no licence; a bad or old signature or changed body: 400', async () => {
      const before = await digest();
      const stranger = paddleEvent(
        'evt_01hvstranger',
        'transaction.completed',
        paddleTransaction('txn_s', 'ctm_nobody'),
      );
      const flagged = await deliverPaddle(stranger);
      expect(flagged.statusCode).toBe(202);
      expect(flagged.json()).toMatchObject({ outcome: 'unmapped', order_id: null });

      const event = paddleEvent(
        'evt_01hvtampered',
        'transaction.completed',
        paddleTransaction('txn_t', 'ctm_01hv6y1j'),
      );
      const body = JSON.stringify(event);
      const old = await deliver(
        'paddle',
        body,
        paddleSignature(body, PADDLE_SECRET, Math.floor(Date.now() / 1000) - 6),
      );
      const wrong = await deliver('paddle', body, paddleSignature(body, 'pdl_ntfset_wrong_secret'));
      const changed = await deliver('paddle', body.replace('"quantity":2', '"quantity":200'), paddleSignature(body));
      for (const refused of [old, wrong, changed]) {
        expect(refused.statusCode).toBe(400);
        expect(refused.json()).toEqual({ message: [PADDLE_SIGNATURE_REFUSED] });
      }
      const orders = await suite.t.db
        .selectFrom('orders')
        .select('id')
        .where('external_order_id', 'in', ['txn_s', 'txn_t'])
        .execute();
      expect(orders).toHaveLength(0);
      // Only the flagged event was recorded.
      expect(await digest()).not.toBe(before);
      const unmappedPrice = await deliverPaddle(
        paddleEvent(
          'evt_01hvprice',
          'transaction.completed',
          paddleTransaction('txn_p', 'ctm_01hv6y1j', 'pri_unknown'),
        ),
      );
      expect(unmappedPrice.statusCode).toBe(202);
      expect(unmappedPrice.json().message).toContain('pri_unknown');
    });

    it("keeps the customer's email and name as customer.updated last sent them", async () => {
      await deliverPaddle(
        paddleEvent(
          'evt_01hvmovedc',
          'customer.created',
          paddleCustomer('ctm_01hvmoved', 'old.address@listener.example'),
        ),
      );
      const updated = await deliverPaddle(
        paddleEvent('evt_01hvmovedu', 'customer.updated', {
          ...paddleCustomer('ctm_01hvmoved', 'new.address@listener.example'),
          name: 'Pat Moved',
        }),
      );
      expect(updated.json()).toMatchObject({ outcome: 'ignored' });
      const sale = await deliverPaddle(
        paddleEvent('evt_01hvmovedt', 'transaction.completed', paddleTransaction('txn_01hvmoved', 'ctm_01hvmoved')),
      );
      expect(sale.json()).toMatchObject({ outcome: 'created' });
      expect((await orderOf(sale.json<StoreEventAnswer>().order_id!)).buyer).toMatchObject({
        email: 'new.address@listener.example',
        name: 'Pat Moved',
      });
    });

    it("uses the transaction's custom_data email and name; a chargeback refunds with FraudulentUse, a partial refund nothing", async () => {
      const sale = await deliverPaddle(
        paddleEvent('evt_01hvcustom', 'transaction.completed', {
          ...paddleTransaction('txn_01hvcustom', 'ctm_never_seen', 'pri_01hsynthstandard', 1),
          custom_data: { email: 'custom.buyer@listener.example', name: 'Cas Custom' },
        }),
      );
      expect(sale.json()).toMatchObject({ outcome: 'created' });
      const order = await orderOf(sale.json<StoreEventAnswer>().order_id!);
      expect(order.buyer).toMatchObject({ email: 'custom.buyer@listener.example', name: 'Cas Custom' });

      const partial = await deliverPaddle(
        paddleEvent('evt_01hvpartial', 'adjustment.created', paddleAdjustment('txn_01hvcustom', 'approved', 'partial')),
      );
      expect(partial.json()).toMatchObject({ outcome: 'ignored' });
      expect((await orderOf(order.id)).status).toBe('completed');
      const chargeback = await deliverPaddle(
        paddleEvent('evt_01hvchargeback', 'adjustment.created', {
          ...paddleAdjustment('txn_01hvcustom', 'approved'),
          action: 'chargeback',
        }),
      );
      expect(chargeback.json()).toMatchObject({ outcome: 'refunded', order_id: order.id });
      expect(await orderOf(order.id)).toMatchObject({ status: 'refunded', refund_reason: 'FraudulentUse' });
    });
  });
});
