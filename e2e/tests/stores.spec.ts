import { expect, test } from '@playwright/test';
// The API suite's Stripe event shapes and its signer (Stripe's own generateTestHeaderString): one of each.
import { stripeTestSignature } from '../../api-server/test/support/store-signatures';
import { checkoutSession, stripeEvent } from '../../api-server/test/support/stripe-shapes';
import { seriousViolations } from '../support/axe';
import { AURORA_STAFF } from '../support/stack';
import { signInAndWait } from '../support/sign-in';

test('staff set a Stripe secret and a price mapping; a signed Stripe sale shows as an event and its order', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const run = Date.now();
  const secret = `whsec_e2e_${run}`;
  const priceId = `price_e2e_${run}`;
  // An existing demo customer: a new one would change the user count other specs check (40).
  const buyer = 'user30@aurora.listener.example';

  await signInAndWait(page, AURORA_STAFF);
  await page.goto('/Home/MyDetails');
  const section = page.getByRole('region', { name: 'Stores' });
  // The page's sections are lazily loaded chunks: the first visit waits for them.
  await expect(section.getByRole('tab', { name: 'Stripe' })).toHaveAttribute('aria-selected', 'true', {
    timeout: 30_000,
  });
  const address = section.getByText(/\/api\/v1\/stores\/stripe\/\d+\/events$/);
  await expect(address).toBeVisible({ timeout: 15_000 });
  const webhookUrl = (await address.textContent())!;
  expect(new URL(webhookUrl).origin).toBe(new URL(page.url()).origin);
  await expect(section.getByRole('button', { name: 'Copy URL' })).toBeVisible();
  await expect(section.getByRole('status', { name: /Loading/ })).toHaveCount(0);
  expect(await seriousViolations(page), 'the Stores section').toEqual([]);

  // The secret: typed once, then only its last characters are shown.
  await section.getByRole('button', { name: /^(Set|Replace) secret$/ }).click();
  const secretDialog = page.getByRole('dialog', { name: /Stripe Signing Secret$/ });
  await secretDialog.locator('input[type="password"]').fill(secret);
  expect(await seriousViolations(page), 'the signing secret dialog').toEqual([]);
  await secretDialog.getByRole('button', { name: 'Save secret' }).click();
  await expect(secretDialog).toHaveCount(0);
  await expect(section.getByText(`Set: ends in …${secret.slice(-4)}`, { exact: false })).toBeVisible();
  await expect(page.getByText(secret)).toHaveCount(0);

  // The mapping: this run's price sells the first product's NFR licence, then, edited in place, its Standard one.
  await section.getByRole('button', { name: 'Add mapping' }).click();
  const mappingDialog = page.getByRole('dialog', { name: 'Map a Stripe Price' });
  await mappingDialog.getByRole('textbox', { name: /^Price ID/ }).fill(priceId);
  const product = mappingDialog.getByRole('combobox', { name: /^Product/ });
  await expect(product.locator('option').nth(1)).toBeAttached();
  const productName = (await product.locator('option').nth(1).textContent())!;
  await product.selectOption({ label: productName });
  await mappingDialog.getByRole('combobox', { name: /^License type/ }).selectOption('NFR');
  expect(await seriousViolations(page), 'the mapping dialog').toEqual([]);
  await mappingDialog.getByRole('button', { name: 'Add mapping' }).click();
  await expect(mappingDialog).toHaveCount(0);
  const mapping = section
    .getByRole('table', { name: 'Stripe price mapping' })
    .getByRole('row')
    .filter({ hasText: priceId });
  await expect(mapping).toContainText(productName);
  await expect(mapping).toContainText('NFR');
  await mapping.getByRole('button', { name: `Edit mapping ${priceId}` }).click();
  const editDialog = page.getByRole('dialog', { name: 'Edit the Stripe Price Mapping' });
  await expect(editDialog.getByRole('textbox', { name: /^Price ID/ })).toHaveValue(priceId);
  await expect(editDialog.getByRole('combobox', { name: /^License type/ })).toHaveValue('NFR');
  await editDialog.getByRole('combobox', { name: /^License type/ }).selectOption('Standard');
  await editDialog.getByRole('button', { name: 'Save' }).click();
  await expect(editDialog).toHaveCount(0);
  await expect(mapping).toContainText(productName);
  await expect(mapping).toContainText('Standard');

  // Stripe's delivery, signed with the secret just set, posted to the URL the page shows.
  const eventId = `evt_e2e_${run}`;
  const body = JSON.stringify(
    stripeEvent(
      eventId,
      'checkout.session.completed',
      checkoutSession({
        id: `cs_test_e2e_${run}`,
        payment_intent: `pi_e2e_${run}`,
        metadata: { producthub_prices: priceId },
        customer_details: { email: buyer, name: 'Erin Stripe' },
      }),
    ),
  );
  const delivery = await page.request.post(webhookUrl, {
    headers: { 'content-type': 'application/json', 'stripe-signature': stripeTestSignature(body, secret) },
    data: body,
  });
  expect(delivery.status()).toBe(200);
  const answer = (await delivery.json()) as { outcome: string; order_id: number };
  expect(answer.outcome).toBe('created');

  await page.reload();
  const events = page.getByRole('region', { name: 'Stores' }).getByRole('table', { name: 'Last Stripe events' });
  const event = events.getByRole('row').filter({ hasText: eventId });
  await expect(event).toContainText('Processed: order made', { timeout: 30_000 });
  await event.getByRole('link', { name: `Order ${answer.order_id} of event ${eventId}` }).click();
  await expect(page).toHaveURL(new RegExp(`/Home/Orders/${answer.order_id}$`));
  await expect(page.getByText(buyer).first()).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText(productName).first()).toBeVisible();

  // Removing the mapping asks first; the event stays as it was.
  await page.goBack();
  const stores = page.getByRole('region', { name: 'Stores' });
  await stores.getByRole('button', { name: `Remove mapping ${priceId}` }).click({ timeout: 30_000 });
  await page.getByRole('dialog', { name: 'Remove Mapping' }).getByRole('button', { name: 'Remove' }).click();
  await expect(stores.getByRole('table', { name: 'Stripe price mapping' }).getByText(priceId)).toHaveCount(0);
  await expect(stores.getByRole('table', { name: 'Last Stripe events' }).getByText(eventId)).toBeVisible();
});
