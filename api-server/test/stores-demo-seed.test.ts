import type { StoreSettings } from 'shared-kit/contract';
import { DEMO_LOGINS } from '../src/seed/demo-logins';
import { DEMO_STRIPE_PRICE } from '../src/seed/stores-demo';
import { appForSuite } from './support/test-app';
import { demoStaffSession, seedDemo } from './support/demo-fixtures';
import { auth } from './support/fixtures';

jest.setTimeout(60_000);

describe('the demo data: Aurora Audio selling through Stripe', () => {
  const suite = appForSuite(seedDemo);

  it('has a secret set, one mapped price and past events made by the real handler, one of them an order', async () => {
    const aurora = DEMO_LOGINS.find((login) => login.email === 'staff@aurora-audio.example')!;
    const { token } = await demoStaffSession(suite.t, aurora);
    const product = await suite.t.db
      .selectFrom('products')
      .select(['id', 'manufacturer_id'])
      .where('identifier', '=', 'com.aurora.compressor')
      .executeTakeFirstOrThrow();
    const response = await suite.t.app.inject({
      method: 'GET',
      url: `/api/v1/manufacturers/${product.manufacturer_id}/stores/stripe`,
      headers: auth(token),
    });
    expect(response.statusCode).toBe(200);
    const settings = response.json() as StoreSettings;
    expect(settings.secret.set).toBe(true);
    expect(settings.secret.hint).toHaveLength(4);
    expect(settings.mappings.map((m) => [m.store_price_id, m.product_id, m.license_type])).toEqual([
      [DEMO_STRIPE_PRICE, product.id, 'Standard'],
    ]);
    expect(settings.events.map((event) => [event.event_type, event.outcome]).sort()).toEqual(
      [
        ['checkout.session.completed', 'created'],
        ['checkout.session.completed', 'unmapped'],
        ['charge.refunded', 'ignored'],
        ['invoice.paid', 'ignored'],
      ].sort(),
    );

    // The order is a real one: a Stripe order of the newest customer, with a licence of the product.
    const orderId = settings.events.find((event) => event.outcome === 'created')!.order_id!;
    const order = await suite.t.app.inject({ method: 'GET', url: `/api/v1/orders/${orderId}`, headers: auth(token) });
    expect(order.statusCode).toBe(200);
    const body = order.json() as { store: string; status: string; licenses: unknown[]; buyer: { email: string } };
    expect(body).toMatchObject({ store: 'stripe', status: 'completed' });
    expect(body.licenses).toHaveLength(1);
    const newest = await suite.t.db
      .selectFrom('end_users')
      .select('email')
      .where('manufacturer_id', '=', product.manufacturer_id)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(body.buyer.email).toBe(newest.email);

    const aurorasUsers = await suite.t.db
      .selectFrom('end_users')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('manufacturer_id', '=', product.manufacturer_id)
      .executeTakeFirstOrThrow();
    expect(Number(aurorasUsers.n)).toBe(40);
  });
});
