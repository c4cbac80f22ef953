import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
// The API suite's Stripe event shapes and its signer (Stripe's own generateTestHeaderString), as stores.spec.ts.
import { stripeTestSignature } from '../../api-server/test/support/store-signatures';
import { charge, checkoutSession, stripeEvent } from '../../api-server/test/support/stripe-shapes';
import { buildCppPlugin, plugin, pluginMachine } from '../support/cpp-plugin';
import { deliveredMailCount, waitForDeliveredMail } from '../support/delivered-mail';
import { signInByCode } from '../support/portal-sign-in';
import { E2E_BASE_URL, E2E_MAIL_ENV } from '../support/stack';
import { staffApi } from '../support/staff-api';

// One sale from the store to the plugin and back, on the built stack: Stripe's checkout event makes an order and its
// licence, the buyer's licence-issued mail leads into the portal (signed in by the mailed code), the C++ example
// plugin activates the mailed serial, then Stripe's refund event disables the licence, the buyer is mailed why and
// the plugin's next validation withdraws its licence file. The buyer's mails are read as they arrived in the run's
// SMTP capture, sent by the outbox worker through nodemailer (docs/email.md).

const SLUG = 'aurora-audio';
const COMPRESSOR = { name: 'Aurora Compressor', identifier: 'com.aurora.compressor' };
/** Mapped to Aurora Compressor, Standard, by the demo data (docs/selling.md, "Demo data"). */
const DEMO_PRICE = 'price_1DemoCompressorStd';
/** An existing demo customer no other spec reads or changes: a new one would change the 40 users users.spec counts. */
const BUYER = 'user34@aurora.listener.example';

/** Delivers a Stripe event as Stripe does: the body signed with the endpoint's secret, to the webhook address. */
async function deliverStripeEvent(page: Page, webhookUrl: string, secret: string, event: object) {
  const body = JSON.stringify(event);
  const delivery = await page.request.post(webhookUrl, {
    headers: { 'content-type': 'application/json', 'stripe-signature': stripeTestSignature(body, secret) },
    data: body,
  });
  expect(delivery.status(), await delivery.text()).toBe(200);
  return (await delivery.json()) as { outcome: string; order_id: number };
}

test.describe('a whole sale: Stripe checkout, licence mail, portal, C++ activation, refund, validation', () => {
  let stateDir: string;

  test.beforeAll(() => {
    test.setTimeout(300_000);
    buildCppPlugin();
  });
  test.beforeEach(() => {
    stateDir = mkdtempSync(join(tmpdir(), 'producthub-e2e-sale-'));
  });
  test.afterEach(() => rmSync(stateDir, { recursive: true, force: true }));

  test('the buyer gets, signs in, activates, is refunded, and the plugin is told', async ({ page, request }) => {
    test.setTimeout(180_000);
    const run = `${Date.now()}${randomBytes(2).toString('hex')}`;
    const api = await staffApi(request);
    const products = await api.get<{ data: { id: number; identifier: string | null }[] }>('/products', {
      identifier: COMPRESSOR.identifier,
      per_page: '250',
    });
    const productId = products.data.find((product) => product.identifier === COMPRESSOR.identifier)!.id;
    const product = await api.get<{ public_key: string; manufacturer_id: number; machine_limit: number }>(
      `/products/${productId}`,
    );
    const manufacturerId = product.manufacturer_id;

    // The demo's signing secret was thrown away when the demo was made: this run sets its own, as a vendor does.
    const secret = `whsec_e2e_sale_${run}`;
    await api.put(`/manufacturers/${manufacturerId}/stores/stripe/secret`, { secret });
    const store = await api.get<{ webhook_path: string; mappings: { store_price_id: string; product_id: number }[] }>(
      `/manufacturers/${manufacturerId}/stores/stripe`,
    );
    expect(store.mappings).toContainEqual(
      expect.objectContaining({ store_price_id: DEMO_PRICE, product_id: productId }),
    );
    const webhookUrl = `${E2E_BASE_URL}${store.webhook_path}`;

    // Stripe: the buyer paid at checkout.
    const paymentIntent = `pi_e2e_sale_${run}`;
    const mailsBefore = deliveredMailCount();
    const sale = await deliverStripeEvent(
      page,
      webhookUrl,
      secret,
      stripeEvent(
        `evt_e2e_sale_${run}`,
        'checkout.session.completed',
        checkoutSession({
          id: `cs_test_e2e_sale_${run}`,
          payment_intent: paymentIntent,
          metadata: { producthub_prices: DEMO_PRICE },
          customer_details: { email: BUYER, name: 'Sasha Wholesale' },
        }),
      ),
    );
    expect(sale.outcome).toBe('created');
    const order = await api.get<{
      status: string;
      store: string;
      buyer: { email: string };
      licenses: { serial: string; product_id: number; license_type: string; disabled: boolean }[];
    }>(`/orders/${sale.order_id}`);
    expect(order).toMatchObject({ status: 'completed', store: 'stripe', buyer: { email: BUYER } });
    expect(order.licenses).toEqual([
      expect.objectContaining({ product_id: productId, license_type: 'Standard', disabled: false }),
    ]);

    // The licence-issued mail as the SMTP server received it: the serial, and the portal's Downloads page to sign in
    // from.
    const issued = await waitForDeliveredMail(BUYER, 'buyer.license-issued', mailsBefore);
    expect(issued.envelope.from).toBe(E2E_MAIL_ENV.PRODUCTHUB_MAIL_FROM);
    expect(issued.subject).toBe(`Your ${COMPRESSOR.name} licence from Aurora Audio`);
    const serial = new RegExp(`${COMPRESSOR.name}\\s+(\\S+)`).exec(issued.text)?.[1];
    expect(serial, issued.text).toBe(order.licenses[0].serial);
    const portalLink = /(https?:\/\/\S+\/portal\/[a-z0-9-]+\/downloads)\b/.exec(issued.text)?.[1];
    expect(portalLink, issued.text).toBe(`${E2E_BASE_URL}/portal/${SLUG}/downloads`);

    // The buyer opens the mail's link, is asked to sign in, types the mailed code and lands on Downloads.
    await page.goto(portalLink!);
    await signInByCode(page, BUYER, new RegExp(`/portal/${SLUG}/downloads$`));
    await page.getByRole('navigation').getByRole('link', { name: 'My licenses', exact: true }).click();
    const card = page
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { level: 2 }) })
      .filter({ hasText: serial! });
    await expect(card).toContainText(COMPRESSOR.name);
    await expect(card).toContainText('Active');
    await expect(card.getByText(`0 of ${product.machine_limit} in use`)).toBeVisible();

    // The plugin activates the serial from the mail; the server says it is valid.
    const machine = pluginMachine({
      server: E2E_BASE_URL,
      productId,
      publicKey: product.public_key,
      fingerprint: `HWFP2-E2E-SALE-${run.toUpperCase()}`,
      stateDir,
      productIdentifier: COMPRESSOR.identifier,
    });
    const activation = plugin(machine, 'activate', '--serial', serial!, '--machine-name', 'E2E Sale Studio');
    expect(activation).toMatchObject({
      exit: 0,
      output: { ok: true, serial, user_email: BUYER, license_type: 'Standard' },
    });
    expect(plugin(machine, 'validate')).toMatchObject({
      exit: 0,
      output: { ok: true, license_enabled: true, machine_activated: true, withdrawn: false },
    });
    await page.reload();
    await expect(card.getByText(`1 of ${product.machine_limit} in use`)).toBeVisible();
    await expect(card).toContainText('E2E Sale Studio');

    // Stripe: the whole charge was refunded.
    const refundMailsBefore = deliveredMailCount();
    const refund = await deliverStripeEvent(
      page,
      webhookUrl,
      secret,
      stripeEvent(
        `evt_e2e_refund_${run}`,
        'charge.refunded',
        charge({ id: `ch_e2e_sale_${run}`, payment_intent: paymentIntent }),
      ),
    );
    expect(refund).toMatchObject({ outcome: 'refunded', order_id: sale.order_id });
    const refunded = await api.get<{
      status: string;
      refund_reason: string;
      licenses: { disabled: boolean; disabled_reason: string }[];
    }>(`/orders/${sale.order_id}`);
    expect(refunded).toMatchObject({
      status: 'refunded',
      refund_reason: 'CancelledOrder',
      licenses: [{ disabled: true, disabled_reason: 'CancelledOrder' }],
    });

    // The buyer is told which serial and why.
    const disabled = await waitForDeliveredMail(BUYER, 'buyer.license-disabled', refundMailsBefore);
    expect(disabled.envelope.from).toBe(E2E_MAIL_ENV.PRODUCTHUB_MAIL_FROM);
    expect(disabled.subject).toBe('Your Aurora Audio licence was disabled');
    expect(disabled.text).toContain(serial);
    expect(disabled.text).toContain('because your order was refunded or cancelled');

    // The plugin's next validation: disabled, with the refund's reason, and its licence file withdrawn.
    expect(existsSync(join(stateDir, 'license.ops'))).toBe(true);
    expect(plugin(machine, 'validate')).toMatchObject({
      exit: 0,
      output: {
        ok: true,
        license_enabled: false,
        disabled_reason: 'CancelledOrder',
        withdrawn: true,
        withdrawal: 'license-disabled',
      },
    });
    expect(existsSync(join(stateDir, 'license.ops'))).toBe(false);
    const again = plugin(machine, 'activate', '--serial', serial!);
    expect(again.exit).toBe(1);
    expect(again.output).toMatchObject({ ok: false });

    // The portal says so too.
    await page.reload();
    await expect(card).toContainText('Disabled: cancelled order');
  });
});
