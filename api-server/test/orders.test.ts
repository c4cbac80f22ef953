import { PLAIN_POLICY } from 'shared-kit/contract';
import { Kysely, PostgresDialect, sql } from 'kysely';
import { Pool, type PoolClient } from 'pg';
import { createHash } from 'node:crypto';
import { REVOCATION_LIST_FORMAT, STATE_DOCUMENT_FORMAT } from 'signed-formats';
import type { ApiKeyScope, Order, OrderList } from 'shared-kit/contract';
import { insertEndpoint } from '../src/webhooks/endpoints';
import { generateSecret } from '../src/webhooks/signature';
import {
  AMOUNT_WITHOUT_CURRENCY,
  CURRENCY_WITHOUT_AMOUNT,
  IDEMPOTENCY_KEY_INVALID,
  IDEMPOTENCY_KEY_REQUIRED,
  IDEMPOTENCY_KEY_REUSED,
  ORDER_ALREADY_REFUNDED,
  unknownProduct,
} from '../src/orders/order-rules';
import { createOrder } from '../src/orders/create-order';
import { nameRegisteredStatements } from '../src/db/named-statements';
import type { Database } from '../src/db/schema';
import { appForSuite } from './support/test-app';
import { auth, tableDigest } from './support/fixtures';
import { createApiKey } from './support/api-key-fixtures';
import { createLicensingWorld } from './licensing-fixtures';
import { CLIENT, clientPost, verifiedDocument } from './client-fixtures';

const ORDER_TABLES = ['orders', 'order_lines', 'order_licenses', 'licenses', 'end_users', 'audit_log'];

describe('orders', () => {
  const suite = appForSuite(async (t) => {
    const world = await createLicensingWorld(t);
    const keyOf = (manufacturerId: number, scopes: ApiKeyScope[]) =>
      createApiKey(t.db, manufacturerId, scopes, `Shop ${scopes.join(' ')}`);
    await t.db
      .insertInto('distribution_channels')
      .values({ manufacturer_id: world.manufacturerA.id, type: 'Release', name: 'Release' })
      .onConflict((oc) => oc.columns(['manufacturer_id', 'type']).doNothing())
      .execute();
    const shop = await keyOf(world.manufacturerA.id, ['orders:write']);
    const reader = await keyOf(world.manufacturerA.id, ['read']);
    const shopB = await keyOf(world.manufacturerB.id, ['orders:write', 'read']);
    await insertEndpoint(t.db, t.masterKey, {
      manufacturer_id: world.manufacturerA.id,
      url: 'https://93.184.215.14/orders',
      secret: generateSecret(),
      event_types: ['order.created', 'order.refunded', 'license.created', 'license.disabled'],
      enabled: true,
    });
    return { ...world, shop, reader, shopB };
  });
  let keyNumber = 0;
  const newKey = () => `order-test-${++keyNumber}`;

  const body = (overrides: Record<string, unknown> = {}) => ({
    buyer: { email: 'Dana.Buyer@Example.com', name: 'Dana Buyer', external_id: 'cus_123' },
    lines: [{ product_id: suite.world.synth.id, license_type: 'Standard', quantity: 2 }],
    store: 'api',
    external_order_id: 'ord_1001',
    amount: 1999,
    currency: 'EUR',
    ...overrides,
  });
  const post = (payload: unknown, key: string | null = newKey(), secret = suite.world.shop.secret) =>
    suite.t.app.inject({
      method: 'POST',
      url: '/api/v1/orders',
      headers: { authorization: `Bearer ${secret}`, ...(key === null ? {} : { 'idempotency-key': key }) },
      payload: payload as object,
    });
  const digest = async () => (await Promise.all(ORDER_TABLES.map((table) => tableDigest(suite.t.db, table)))).join();

  it('creates the buyer, one licence per unit and the order, audited with the key as the actor', async () => {
    const response = await post(body());
    expect(response.statusCode).toBe(201);
    const order = response.json<Order>();
    expect(order).toMatchObject({
      store: 'api',
      external_order_id: 'ord_1001',
      status: 'completed',
      amount: 1999,
      currency: 'EUR',
      buyer: { email: 'Dana.Buyer@Example.com', name: 'Dana Buyer', external_id: 'cus_123' },
      lines: [{ product_id: suite.world.synth.id, product_name: 'Alpha Synth', license_type: 'Standard', quantity: 2 }],
      refund_reason: null,
    });
    expect(order.licenses).toHaveLength(2);
    expect(new Set(order.licenses.map((license) => license.serial)).size).toBe(2);
    const user = await suite.t.db
      .selectFrom('end_users')
      .selectAll()
      .where('id', '=', order.buyer.user_id!)
      .executeTakeFirstOrThrow();
    expect(user).toMatchObject({ email: 'Dana.Buyer@Example.com', external_id: 'cus_123' });
    const licenses = await suite.t.db
      .selectFrom('licenses')
      .selectAll()
      .where(
        'id',
        'in',
        order.licenses.map((license) => license.id),
      )
      .execute();
    expect(licenses.every((license) => license.user_id === user.id && !license.disabled)).toBe(true);
    // A new buyer is in the Release channel, as a user made in the console is.
    const memberships = await suite.t.db
      .selectFrom('channel_memberships')
      .select('id')
      .where('user_id', '=', user.id)
      .execute();
    expect(memberships).toHaveLength(1);

    const audit = await suite.t.db
      .selectFrom('audit_log')
      .select(['action', 'actor_api_key_id', 'actor_system_user_id'])
      .where('manufacturer_id', '=', suite.world.manufacturerA.id)
      .where('action', 'in', ['order.create', 'license.create', 'end_user.create'])
      .where('actor_api_key_id', '=', suite.world.shop.id)
      .execute();
    expect(audit.map((row) => row.action).sort()).toEqual([
      'end_user.create',
      'license.create',
      'license.create',
      'order.create',
    ]);
    const events = await suite.t.db
      .selectFrom('webhook_events')
      .select(['type', 'payload'])
      .where('manufacturer_id', '=', suite.world.manufacturerA.id)
      .execute();
    expect(events.filter((event) => event.type === 'order.created')).toHaveLength(1);
    expect(events.filter((event) => event.type === 'license.created')).toHaveLength(2);
  });

  it("shows in the order's History, read with a key, the key that made it by name and prefix", async () => {
    const order = (await post(body({ external_order_id: 'ord_history' }))).json<Order>();
    const history = await suite.t.app.inject({
      method: 'GET',
      url: `/api/v1/audit-events?object_type=order&object_id=${order.id}`,
      headers: { authorization: `Bearer ${suite.world.reader.secret}` },
    });
    expect(history.statusCode).toBe(200);
    expect(history.json().data).toMatchObject([
      {
        action: 'order.create',
        object: { type: 'order', id: String(order.id) },
        actor: {
          type: 'api_key',
          id: suite.world.shop.id,
          name: 'Shop orders:write',
          prefix: suite.world.shop.secret.slice(0, 'phk_live_'.length + 8),
        },
      },
    ]);
  });

  it('a second order of the same buyer (any case) reuses the end user', async () => {
    const first = (await post(body({ buyer: { email: 'same@example.com', name: 'Same' } }))).json<Order>();
    const second = (await post(body({ buyer: { email: 'SAME@example.com', name: 'Same' } }))).json<Order>();
    expect(second.buyer.user_id).toBe(first.buyer.user_id);
  });

  it("keeps a new buyer's external_id; an existing buyer keeps theirs, and the order keeps the buyer's name", async () => {
    const first = (
      await post(body({ buyer: { email: 'kept.id@example.com', name: 'First Name', external_id: 'cus_first' } }))
    ).json<Order>();
    const second = (
      await post(body({ buyer: { email: 'kept.id@example.com', name: 'Second Name', external_id: 'cus_second' } }))
    ).json<Order>();
    expect(second.buyer.user_id).toBe(first.buyer.user_id);
    expect(second.buyer.name).toBe('Second Name');
    const user = await suite.t.db
      .selectFrom('end_users')
      .select('external_id')
      .where('id', '=', first.buyer.user_id!)
      .executeTakeFirstOrThrow();
    expect(user.external_id).toBe('cus_first');
  });

  it("applies the product's licence policy to every licence, as for one made in the console", async () => {
    const put = await suite.t.app.inject({
      method: 'PUT',
      url: `/api/v1/products/${suite.world.drums.id}/policies/Standard`,
      headers: auth(suite.world.staffAToken),
      payload: {
        ...PLAIN_POLICY,
        term: 'time-limited',
        duration_days: 30,
        grace_days: 3,
      },
    });
    expect(put.statusCode).toBe(200);
    const order = (
      await post(body({ lines: [{ product_id: suite.world.drums.id, license_type: 'Standard', quantity: 1 }] }))
    ).json<Order>();
    const license = await suite.t.db
      .selectFrom('licenses')
      .select(['expires_at', 'grace_days'])
      .where('id', '=', order.licenses[0].id)
      .executeTakeFirstOrThrow();
    expect(license.grace_days).toBe(3);
    expect(license.expires_at).not.toBeNull();
  });

  it('writes its rows as made: each licence audited whole, in the order of the changes, the answer as read', async () => {
    // A time-limited policy: the licences' audit rows hold the terms and times it set.
    const put = await suite.t.app.inject({
      method: 'PUT',
      url: `/api/v1/products/${suite.world.drums.id}/policies/Standard`,
      headers: auth(suite.world.staffAToken),
      payload: { ...PLAIN_POLICY, term: 'time-limited', duration_days: 30, grace_days: 3 },
    });
    expect(put.statusCode).toBe(200);
    const order = (
      await post(
        body({
          buyer: { email: 'rows.as.made@example.com', name: 'Rows' },
          lines: [
            { product_id: suite.world.drums.id, license_type: 'Standard', quantity: 2 },
            { product_id: suite.world.synth.id, license_type: 'NFR', quantity: 1 },
          ],
        }),
      )
    ).json<Order>();
    const licenses = await suite.t.db
      .selectFrom('licenses')
      .selectAll()
      .where(
        'id',
        'in',
        order.licenses.map((license) => license.id),
      )
      .orderBy('id')
      .execute();
    const user = await suite.t.db
      .selectFrom('end_users')
      .select(['id', 'email', 'external_id', 'manufacturer_id', 'created_at', 'updated_at'])
      .where('id', '=', order.buyer.user_id!)
      .executeTakeFirstOrThrow();
    const audit = await suite.t.db
      .selectFrom('audit_log')
      .select(['action', 'entity_type', 'entity_id', 'before', 'after'])
      .where('manufacturer_id', '=', suite.world.manufacturerA.id)
      .where((eb) =>
        eb.or([
          eb.and([eb('entity_type', '=', 'order'), eb('entity_id', '=', String(order.id))]),
          eb.and([eb('entity_type', '=', 'end_user'), eb('entity_id', '=', String(user.id))]),
          eb.and([
            eb('entity_type', '=', 'license'),
            eb(
              'entity_id',
              'in',
              licenses.map((license) => String(license.id)),
            ),
          ]),
        ]),
      )
      .orderBy('id')
      .execute();
    const asJson = (value: unknown) => JSON.parse(JSON.stringify(value)) as unknown;
    expect(audit).toEqual([
      {
        action: 'end_user.create',
        entity_type: 'end_user',
        entity_id: String(user.id),
        before: null,
        after: asJson(user),
      },
      ...licenses.map((license) => ({
        action: 'license.create',
        entity_type: 'license',
        entity_id: String(license.id),
        before: null,
        after: asJson(license),
      })),
      {
        action: 'order.create',
        entity_type: 'order',
        entity_id: String(order.id),
        before: null,
        after: {
          store: 'api',
          external_order_id: 'ord_1001',
          buyer_email: 'rows.as.made@example.com',
          amount: 1999,
          currency: 'EUR',
          status: 'completed',
          license_ids: licenses.map((license) => license.id),
        },
      },
    ]);
    expect(licenses[0]!.expires_at).not.toBeNull();
    expect(order.lines.map((line) => [line.product_name, line.quantity])).toEqual([
      ['Alpha Drums', 2],
      ['Alpha Synth', 1],
    ]);
    const links = await suite.t.db
      .selectFrom('order_licenses as ok')
      .innerJoin('order_lines as ol', 'ol.id', 'ok.order_line_id')
      .select(['ok.license_id', 'ol.product_id'])
      .where('ok.order_id', '=', order.id)
      .orderBy('ok.license_id')
      .execute();
    expect(links).toEqual(licenses.map((license) => ({ license_id: license.id, product_id: license.product_id })));
    const read = await suite.t.app.inject({
      method: 'GET',
      url: `/api/v1/orders/${order.id}`,
      headers: { authorization: `Bearer ${suite.world.reader.secret}` },
    });
    expect(read.json()).toEqual(order);
    const stored = await suite.t.db
      .selectFrom('orders')
      .select(['answer', 'buyer_user_id'])
      .where('id', '=', order.id)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ answer: order, buyer_user_id: user.id });
  });

  it('staff may post an order (audited as the staff member); the superuser may not', async () => {
    const asStaff = await suite.t.app.inject({
      method: 'POST',
      url: '/api/v1/orders',
      headers: { ...auth(suite.world.staffAToken), 'idempotency-key': newKey() },
      payload: body({ store: 'manual' }),
    });
    expect(asStaff.statusCode).toBe(201);
    const before = await digest();
    const asSuperuser = await suite.t.app.inject({
      method: 'POST',
      url: '/api/v1/orders',
      headers: { ...auth(suite.world.superToken), 'idempotency-key': newKey() },
      payload: body(),
    });
    expect(asSuperuser.statusCode).toBe(403);
    expect(await digest()).toBe(before);
  });

  describe('Idempotency-Key', () => {
    it('the same key and body give the same answer and create nothing twice', async () => {
      const key = newKey();
      const first = await post(body({ external_order_id: 'ord_retry' }), key);
      expect(first.statusCode).toBe(201);
      const before = await digest();
      // The same order, its fields in another order and its email in another case.
      const again = await post(
        {
          currency: 'EUR',
          amount: 1999,
          external_order_id: 'ord_retry',
          store: 'api',
          lines: [{ quantity: 2, license_type: 'Standard', product_id: suite.world.synth.id }],
          buyer: { name: 'Dana Buyer', external_id: 'cus_123', email: 'dana.buyer@example.com' },
        },
        key,
      );
      expect(again.statusCode).toBe(201);
      expect(again.json()).toEqual(first.json());
      expect(await digest()).toBe(before);
    });

    it('the same key with another body is a 422 that changes nothing', async () => {
      const key = newKey();
      expect((await post(body(), key)).statusCode).toBe(201);
      const before = await digest();
      const other = await post(body({ amount: 2999 }), key);
      expect(other.statusCode).toBe(422);
      expect(other.json()).toEqual({ message: [IDEMPOTENCY_KEY_REUSED] });
      expect(await digest()).toBe(before);
    });

    it('keys are per manufacturer: another manufacturer may use the same key', async () => {
      const key = newKey();
      expect((await post(body(), key)).statusCode).toBe(201);
      const asB = await post(
        body({ lines: [{ product_id: suite.world.betaProduct.id, license_type: 'NFR', quantity: 1 }] }),
        key,
        suite.world.shopB.secret,
      );
      expect(asB.statusCode).toBe(201);
    });

    it('20 concurrent identical posts make one order and give all the same answer', async () => {
      const key = newKey();
      const ordersBefore = Number(
        (await sql<{ n: string }>`SELECT count(*) AS n FROM orders`.execute(suite.t.db)).rows[0].n,
      );
      const answers = await Promise.all(
        Array.from({ length: 20 }, () => post(body({ external_order_id: 'ord_race' }), key)),
      );
      expect(answers.map((answer) => answer.statusCode)).toEqual(Array(20).fill(201));
      expect(new Set(answers.map((answer) => answer.body)).size).toBe(1);
      const ordersAfter = Number(
        (await sql<{ n: string }>`SELECT count(*) AS n FROM orders`.execute(suite.t.db)).rows[0].n,
      );
      expect(ordersAfter).toBe(ordersBefore + 1);
      const order = answers[0].json<Order>();
      expect(order.licenses).toHaveLength(2);
    });

    it('a refused request keeps no key: the fixed body with the same key makes the order', async () => {
      const key = newKey();
      const unknownLine = { product_id: 999999, license_type: 'Standard', quantity: 1 };
      expect((await post(body({ lines: [{ ...unknownLine, quantity: 0 }] }), key)).statusCode).toBe(400);
      expect((await post(body({ lines: [unknownLine] }), key)).statusCode).toBe(400);
      const fixed = await post(body({ external_order_id: 'ord_fixed' }), key);
      expect(fixed.statusCode).toBe(201);
      expect(fixed.json<Order>().external_order_id).toBe('ord_fixed');
    });

    it('is required and checked: missing, empty or malformed is a 400 naming it', async () => {
      const before = await digest();
      expect((await post(body(), null)).json()).toEqual({ message: [IDEMPOTENCY_KEY_REQUIRED] });
      for (const bad of [' leading', 'trailing ', 'x'.repeat(256), 'tab\there']) {
        const response = await post(body(), bad);
        expect({ bad, status: response.statusCode, body: response.json() }).toEqual({
          bad,
          status: 400,
          body: { message: [IDEMPOTENCY_KEY_INVALID] },
        });
      }
      expect((await post(body(), 'x'.repeat(255))).statusCode).toBe(201);
      expect(await digest()).not.toBe(before);
    });
  });

  describe('bad input: a 400 naming the field, nothing written', () => {
    const cases: [string, () => Record<string, unknown>, string][] = [
      [
        'quantity 0',
        () => body({ lines: [{ product_id: suite.world.synth.id, license_type: 'Standard', quantity: 0 }] }),
        'lines.0.quantity',
      ],
      [
        'quantity 1001',
        () => body({ lines: [{ product_id: suite.world.synth.id, license_type: 'Standard', quantity: 1001 }] }),
        'lines.0.quantity',
      ],
      [
        'an unknown licence type',
        () => body({ lines: [{ product_id: suite.world.synth.id, license_type: 'Gold', quantity: 1 }] }),
        'lines.0.license_type',
      ],
      ['a decimal amount', () => body({ amount: 19.99 }), 'amount'],
      ['a text amount', () => body({ amount: '19.99' }), 'amount'],
      ['a negative amount', () => body({ amount: -1 }), 'amount'],
      ['a lower-case currency', () => body({ currency: 'eur' }), 'currency'],
      ['a four-letter currency', () => body({ currency: 'EURO' }), 'currency'],
      ['no lines', () => body({ lines: [] }), 'lines'],
      ['a bad email', () => body({ buyer: { email: 'not-an-email', name: 'X' } }), 'buyer.email'],
      ['no buyer name', () => body({ buyer: { email: 'x@example.com' } }), 'buyer.name'],
      ['a blank buyer name', () => body({ buyer: { email: 'x@example.com', name: '   ' } }), 'buyer.name'],
      [
        '51 lines',
        () =>
          body({
            lines: Array.from({ length: 51 }, () => ({
              product_id: suite.world.synth.id,
              license_type: 'Standard',
              quantity: 1,
            })),
          }),
        'lines',
      ],
      ['a bad store', () => body({ store: 'Stripe Checkout' }), 'store'],
      ['an amount without currency', () => body({ currency: undefined }), AMOUNT_WITHOUT_CURRENCY],
      ['a currency without amount', () => body({ amount: undefined }), CURRENCY_WITHOUT_AMOUNT],
      [
        'an unknown product',
        () =>
          body({
            lines: [
              { product_id: suite.world.synth.id, license_type: 'Standard', quantity: 1 },
              { product_id: 999999, license_type: 'Standard', quantity: 1 },
            ],
          }),
        unknownProduct(1, 999999),
      ],
      [
        "another manufacturer's product",
        () => body({ lines: [{ product_id: suite.world.betaProduct.id, license_type: 'Standard', quantity: 1 }] }),
        'lines.0.product_id',
      ],
    ];
    for (const [name, payload, field] of cases)
      it(name, async () => {
        const before = await digest();
        const response = await post(payload());
        expect(response.statusCode).toBe(400);
        const message = response.json<{ message: string[] }>().message;
        expect(message.length).toBeGreaterThan(0);
        for (const text of message) expect(text).toContain(field);
        expect(await digest()).toBe(before);
      });

    it('drops a member the body does not list, as every route does, rather than refusing it', async () => {
      const response = await post(body({ external_order_id: 'ord_coupon', coupon: 'SPRING' }));
      expect(response.statusCode).toBe(201);
      expect(response.json()).not.toHaveProperty('coupon');
    });

    it('an order is all or nothing: a failure late in the order leaves nothing behind', async () => {
      const before = await digest();
      // A serial already taken: the licence insert of the second line fails after the first line's licences.
      await sql`CREATE FUNCTION fail_second_line() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN IF NEW.license_type = 'Free' THEN RAISE EXCEPTION 'late failure'; END IF; RETURN NEW; END $$`.execute(
        suite.t.db,
      );
      await sql`CREATE TRIGGER fail_second_line BEFORE INSERT ON licenses FOR EACH ROW EXECUTE FUNCTION fail_second_line()`.execute(
        suite.t.db,
      );
      try {
        const response = await post(
          body({
            buyer: { email: 'late.failure@example.com', name: 'Late' },
            lines: [
              { product_id: suite.world.synth.id, license_type: 'Standard', quantity: 3 },
              { product_id: suite.world.synth.id, license_type: 'Free', quantity: 1 },
            ],
          }),
        );
        expect(response.statusCode).toBe(500);
      } finally {
        await sql`DROP TRIGGER fail_second_line ON licenses; DROP FUNCTION fail_second_line()`.execute(suite.t.db);
      }
      expect(await digest()).toBe(before);
    });
  });

  describe('refund', () => {
    it('disables every licence with the reason, audits, sends the webhooks; the plugin sees it disabled', async () => {
      const order = (await post(body({ external_order_id: 'ord_refund' }))).json<Order>();
      const serial = order.licenses[0].serial;
      const refund = await suite.t.app.inject({
        method: 'POST',
        url: `/api/v1/orders/${order.id}/refund`,
        headers: { authorization: `Bearer ${suite.world.shop.secret}` },
        payload: { reason: 'CancelledOrder' },
      });
      expect(refund.statusCode).toBe(200);
      const refunded = refund.json<Order>();
      expect(refunded).toMatchObject({ status: 'refunded', refund_reason: 'CancelledOrder' });
      expect(refunded.refunded_at).not.toBeNull();
      expect(refunded.licenses.every((l) => l.disabled && l.disabled_reason === 'CancelledOrder')).toBe(true);

      const audit = await suite.t.db
        .selectFrom('audit_log')
        .select(['action', 'entity_id'])
        .where('actor_api_key_id', '=', suite.world.shop.id)
        .where('action', 'in', ['license.disable', 'order.refund'])
        .where('entity_id', 'in', [String(order.id), ...order.licenses.map((l) => String(l.id))])
        .execute();
      expect(audit.filter((row) => row.action === 'license.disable')).toHaveLength(2);
      expect(audit.filter((row) => row.action === 'order.refund')).toHaveLength(1);
      const events = await suite.t.db
        .selectFrom('webhook_events')
        .select('type')
        .where('type', 'in', ['order.refunded', 'license.disabled'])
        .execute();
      expect(events.filter((event) => event.type === 'order.refunded')).toHaveLength(1);
      expect(events.filter((event) => event.type === 'license.disabled').length).toBeGreaterThanOrEqual(2);

      const validation = await clientPost(suite.t, '/validations', {
        product_id: suite.world.synth.id,
        serial,
        hardware_fingerprint: 'ORDER-MACHINE',
        nonce: 'nonce-0123456789abcdef',
      });
      expect(verifiedDocument(STATE_DOCUMENT_FORMAT, validation.body, suite.world.synth.public_key)).toMatchObject({
        license_enabled: false,
        disabled_reason: 'CancelledOrder',
      });

      const before = await digest();
      const twice = await suite.t.app.inject({
        method: 'POST',
        url: `/api/v1/orders/${order.id}/refund`,
        headers: auth(suite.world.staffAToken),
        payload: { reason: 'CancelledOrder' },
      });
      expect(twice.statusCode).toBe(409);
      expect(twice.json()).toEqual({ message: [ORDER_ALREADY_REFUNDED] });
      expect(await digest()).toBe(before);
    });

    it("another manufacturer's key or staff get 404; a read key 403; a bad reason 400", async () => {
      const order = (await post(body())).json<Order>();
      const before = await digest();
      const refundAs = (headers: Record<string, string>, payload: unknown = { reason: 'CancelledOrder' }) =>
        suite.t.app.inject({
          method: 'POST',
          url: `/api/v1/orders/${order.id}/refund`,
          headers,
          payload: payload as object,
        });
      expect((await refundAs({ authorization: `Bearer ${suite.world.shopB.secret}` })).statusCode).toBe(404);
      expect((await refundAs(auth(suite.world.staffBToken))).statusCode).toBe(404);
      expect((await refundAs({ authorization: `Bearer ${suite.world.reader.secret}` })).statusCode).toBe(403);
      const bad = await refundAs(auth(suite.world.staffAToken), { reason: 'Because' });
      expect(bad.statusCode).toBe(400);
      expect(bad.json<{ message: string[] }>().message[0]).toContain('reason');
      expect(await digest()).toBe(before);
    });

    it("puts every refunded licence in the product's revocation list with the reason", async () => {
      const order = (await post(body({ external_order_id: 'ord_revoked' }))).json<Order>();
      const refund = await suite.t.app.inject({
        method: 'POST',
        url: `/api/v1/orders/${order.id}/refund`,
        headers: { authorization: `Bearer ${suite.world.shop.secret}` },
        payload: { reason: 'DuplicateOrder' },
      });
      expect(refund.statusCode).toBe(200);
      const list = await suite.t.app.inject({
        url: `${CLIENT}/products/${suite.world.synth.id}/revocations?hardware_fingerprint=ORDER-MACHINE`,
      });
      const revoked = verifiedDocument(REVOCATION_LIST_FORMAT, list.body, suite.world.synth.public_key).licenses;
      for (const license of order.licenses)
        expect(revoked).toContainEqual({
          serial_sha256: createHash('sha256').update(license.serial, 'utf8').digest('hex'),
          disabled_reason: 'DuplicateOrder',
          changed_at: expect.any(String),
        });
    });

    it("the Super User reads and refunds any manufacturer's order (support)", async () => {
      const order = (await post(body({ external_order_id: 'ord_support' }))).json<Order>();
      const read = await suite.t.app.inject({
        method: 'GET',
        url: `/api/v1/orders/${order.id}`,
        headers: auth(suite.world.superToken),
      });
      expect(read.statusCode).toBe(200);
      const refund = await suite.t.app.inject({
        method: 'POST',
        url: `/api/v1/orders/${order.id}/refund`,
        headers: auth(suite.world.superToken),
        payload: { reason: 'FraudulentUse' },
      });
      expect(refund.statusCode).toBe(200);
      expect(refund.json<Order>()).toMatchObject({ status: 'refunded', refund_reason: 'FraudulentUse' });
      expect(refund.json<Order>().licenses.every((l) => l.disabled && l.disabled_reason === 'FraudulentUse')).toBe(
        true,
      );
    });

    it('a retry after a refund answers the order as it was first created, and changes nothing', async () => {
      const key = newKey();
      const first = await post(body({ external_order_id: 'ord_refunded_retry' }), key);
      const refund = await suite.t.app.inject({
        method: 'POST',
        url: `/api/v1/orders/${first.json<Order>().id}/refund`,
        headers: auth(suite.world.staffAToken),
        payload: { reason: 'DuplicateOrder' },
      });
      expect(refund.json<Order>().status).toBe('refunded');
      const before = await digest();
      const retry = await post(body({ external_order_id: 'ord_refunded_retry' }), key);
      expect(retry.statusCode).toBe(201);
      expect(retry.json()).toEqual(first.json());
      expect(retry.json<Order>().status).toBe('completed');
      expect(await digest()).toBe(before);
    });
  });

  describe('reading', () => {
    it('lists, searches by buyer email and external order id, pages, newest first', async () => {
      const a = (
        await post(body({ buyer: { email: 'zed.search@example.com', name: 'Zed' }, external_order_id: 'pp_777' }))
      ).json<Order>();
      const b = (
        await post(body({ buyer: { email: 'yan@example.com', name: 'Yan' }, external_order_id: 'zed.search-ext' }))
      ).json<Order>();
      const list = (query: string, headers = { authorization: `Bearer ${suite.world.reader.secret}` }) =>
        suite.t.app.inject({
          method: 'GET',
          url: `/api/v1/manufacturers/${suite.world.manufacturerA.id}/orders${query}`,
          headers,
        });
      const found = (await list('?search=ZED.SEARCH')).json<OrderList>();
      expect(found.data.map((row) => row.id)).toEqual([b.id, a.id]);
      expect(found.pagination.records.total).toBe(2);
      expect(found.data[1]).toMatchObject({ license_count: 2, buyer: { email: 'zed.search@example.com' } });
      expect((await list('?search=pp_777')).json<OrderList>().data.map((row) => row.id)).toEqual([a.id]);
      expect((await list('?search=%25')).json<OrderList>().data).toEqual([]);
      const page = (await list('?per_page=1&page=2')).json<OrderList>();
      expect(page.data).toHaveLength(1);
      expect(page.pagination.pages.previous).toBe(1);
      expect((await list('', auth(suite.world.superToken))).statusCode).toBe(200);
      expect((await list('', auth(suite.world.staffBToken))).statusCode).toBe(404);
      expect((await list('', { authorization: `Bearer ${suite.world.shop.secret}` })).statusCode).toBe(403);
    });

    it('reads an order with its lines and licences, and a licence names its order', async () => {
      const order = (await post(body())).json<Order>();
      const read = await suite.t.app.inject({
        method: 'GET',
        url: `/api/v1/orders/${order.id}`,
        headers: { authorization: `Bearer ${suite.world.reader.secret}` },
      });
      expect(read.statusCode).toBe(200);
      expect(read.json()).toEqual(order);
      const asB = await suite.t.app.inject({
        method: 'GET',
        url: `/api/v1/orders/${order.id}`,
        headers: auth(suite.world.staffBToken),
      });
      expect(asB.statusCode).toBe(404);
      const ofLicense = await suite.t.app.inject({
        method: 'GET',
        url: `/api/v1/licenses/${order.licenses[1].id}/order`,
        headers: auth(suite.world.staffAToken),
      });
      expect(ofLicense.json()).toMatchObject({ order: { id: order.id, license_count: 2 } });
      const none = await suite.t.app.inject({
        method: 'GET',
        url: `/api/v1/licenses/${suite.world.annSynth.id}/order`,
        headers: auth(suite.world.staffAToken),
      });
      expect(none.json()).toEqual({ order: null });
    });

    it('exports the searched list as formula-safe CSV', async () => {
      await post(body({ buyer: { email: 'csv@example.com', name: '=HYPERLINK("x")' }, external_order_id: '+csv-1' }));
      const response = await suite.t.app.inject({
        method: 'GET',
        url: `/api/v1/manufacturers/${suite.world.manufacturerA.id}/orders/export.csv?search=csv@example`,
        headers: auth(suite.world.staffAToken),
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/csv/);
      const lines = response.body
        .replace(/^\uFEFF/, '')
        .trim()
        .split(/\r?\n/);
      expect(lines[0]).toBe(
        'ID,Created At,Store,External Order ID,Buyer Email,Buyer Name,Amount,Currency,Status,Licenses',
      );
      expect(lines).toHaveLength(2);
      expect(lines[1]).toContain(`'+csv-1`);
      expect(lines[1]).toContain(`"'=HYPERLINK(""x"")"`);
    });
  });

  it('createOrder is callable without HTTP (the store adapters call it)', async () => {
    const adapterOrder = () =>
      createOrder(
        suite.t.db,
        { id: suite.world.manufacturerA.id },
        {
          buyer: { email: 'adapter@example.com', name: 'Adapter' },
          lines: [{ product_id: suite.world.synth.id, license_type: 'NFR', quantity: 1 }],
          store: 'stripe',
          external_order_id: 'cs_test_1',
          amount: 500,
          currency: 'USD',
        },
        { actor: null, idempotencyKey: 'stripe:evt_1', publicUrl: 'http://127.0.0.1:1' },
      );
    const answer = await adapterOrder();
    expect(answer).toMatchObject({ status: 201, created: true, order: { store: 'stripe' } });
    const replay = await adapterOrder();
    expect(replay).toEqual({ ...answer, created: false });
  });

  it('an order of a known buyer is two named statements and no transaction; a retry of it is one', async () => {
    const sent: { name: string | undefined; text: string }[] = [];
    const pool = new Pool({ connectionString: suite.t.databaseUrl, max: 1 });
    pool.on('connect', (client: PoolClient) => {
      const query = client.query.bind(client) as (...args: unknown[]) => unknown;
      (client as unknown as { query: (...args: unknown[]) => unknown }).query = (
        config: unknown,
        ...rest: unknown[]
      ) => {
        const named =
          typeof config === 'object' && config !== null ? (config as { name?: string; text: string }) : undefined;
        sent.push({ name: named?.name, text: named ? named.text : String(config) });
        return query(config, ...rest);
      };
      nameRegisteredStatements(client);
    });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    try {
      const order = (key: string) =>
        createOrder(
          db,
          { id: suite.world.manufacturerA.id },
          {
            buyer: { email: 'ROUND.TRIPS@example.com', name: 'Round Trips' },
            lines: [{ product_id: suite.world.synth.id, license_type: 'Standard', quantity: 1 }],
            store: 'api',
          },
          { actor: null, idempotencyKey: key, publicUrl: 'http://127.0.0.1:1' },
        );
      await order(newKey());
      sent.length = 0;
      const retryKey = newKey();
      const second = await order(retryKey);
      expect(second.created).toBe(true);
      const names = () =>
        sent.map((statement) => statement.name ?? statement.text.trim().split(/\s/)[0]!.toLowerCase());
      expect(names()).toEqual([expect.stringMatching(/^order_read_/), expect.stringMatching(/^order_write_/)]);
      sent.length = 0;
      expect(await order(retryKey)).toEqual({
        ...second,
        created: false,
      });
      expect(names()).toEqual([expect.stringMatching(/^order_read_/)]);
    } finally {
      await db.destroy();
    }
  });
});
