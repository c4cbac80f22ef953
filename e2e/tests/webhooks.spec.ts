import { expect, test, type Page } from '@playwright/test';
import { Webhook } from 'standardwebhooks';
// The API suite's loopback receiver: one receiver for both suites.
import { startReceiver, type Receiver } from '../../api-server/test/webhooks/loopback-receiver';
import { seriousViolations } from '../support/axe';
import { AURORA_STAFF } from '../support/stack';
import { signInAndWait } from '../support/sign-in';

// The stack allows private targets (playwright.config.ts: PRODUCTHUB_WEBHOOK_ALLOW_PRIVATE), so the server delivers
// to this test's receiver on 127.0.0.1.

let receiver: Receiver;
test.beforeAll(async () => {
  receiver = await startReceiver();
});
test.afterAll(async () => {
  await receiver.close();
});

const deliveryRows = (page: Page) => page.getByRole('table', { name: 'Deliveries' }).getByRole('row');

async function expectAccessible(page: Page, what: string) {
  await expect(page.getByRole('status', { name: /Loading/ })).toHaveCount(0);
  expect(await seriousViolations(page), what).toEqual([]);
}

test('a console action reaches a loopback receiver as a signed event; the delivery log shows it, Send test event and Redeliver', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const url = receiver.url(`/e2e-${Date.now()}`);
  const email = `webhook-e2e-${Date.now()}@listener.example`;

  await signInAndWait(page, AURORA_STAFF);
  await page.goto('/Home/MyDetails');
  const section = page.getByRole('region', { name: 'Webhooks' });
  // The demo endpoints and their logs (api-server/src/seed/webhook-demo.ts).
  await expect(
    section.getByRole('cell', { name: 'https://hooks.aurora-audio.example/producthub/licenses', exact: true }),
  ).toBeVisible();
  await expectAccessible(page, 'manufacturer page with its Webhooks section');

  await section.getByRole('button', { name: 'Add endpoint' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Endpoint' });
  await dialog.getByRole('textbox', { name: 'URL' }).fill(url);
  await dialog.getByRole('checkbox', { name: 'User created' }).check();
  await expectAccessible(page, 'Add Endpoint dialog');
  await dialog.getByRole('button', { name: 'Add endpoint' }).click();
  const secretDialog = page.getByRole('dialog', { name: 'Endpoint Added' });
  await expect(secretDialog.getByText('you will not see this again')).toBeVisible();
  const secret = (await secretDialog.getByLabel('Signing secret').textContent())!;
  expect(secret).toMatch(/^whsec_/);
  await expectAccessible(page, 'the secret shown once');
  await secretDialog.getByRole('button', { name: 'Done' }).click();
  await expect(section.getByRole('cell', { name: url, exact: true })).toBeVisible();

  // A console action: a new end user.
  await page.goto('/Home/CreateUser');
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByRole('button', { name: 'Create User' }).click();
  await expect(page).toHaveURL(/\/Home\/Users$/);

  await expect.poll(() => receiver.received.length, { timeout: 20_000 }).toBe(1);
  const event = receiver.received[0];
  const payload = new Webhook(secret).verify(event.body, event.headers as Record<string, string>) as {
    type: string;
    data: { object: string; after: { email: string } };
  };
  expect(payload).toMatchObject({ type: 'end_user.created', data: { object: 'end_user', after: { email } } });

  await page.goto('/Home/MyDetails');
  await page.getByRole('link', { name: `Delivery log of ${url}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Webhook Deliveries' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: url })).toBeVisible();
  await expect(deliveryRows(page).nth(1)).toContainText(/Succeeded\s*User created\s*200/);
  await expectAccessible(page, 'delivery log');

  // The payload shown is the body that was signed and sent.
  await page
    .getByRole('button', { name: /^Payload of delivery / })
    .first()
    .click();
  const payloadDialog = page.getByRole('dialog', { name: /^Payload of delivery / });
  const block = payloadDialog.getByRole('region', { name: 'Payload' });
  expect(JSON.parse((await block.textContent())!)).toEqual(JSON.parse(event.body));
  await expect(block).toContainText(`"email": "${email}"`);
  await expectAccessible(page, 'a delivery payload');
  await payloadDialog.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(payloadDialog).toBeHidden();

  await page.getByRole('button', { name: 'Send test event' }).click();
  await expect(page.getByText(/^Test event queued as delivery \d+\.$/)).toBeVisible();
  await expect.poll(() => receiver.received.length, { timeout: 20_000 }).toBe(2);
  expect(
    new Webhook(secret).verify(receiver.received[1].body, receiver.received[1].headers as Record<string, string>),
  ).toMatchObject({ type: 'webhook.test' });
  // The log follows the pending delivery until it succeeded, without a reload.
  await expect(deliveryRows(page).nth(1)).toContainText(/Succeeded\s*Test event\s*200/, { timeout: 15_000 });

  await page
    .getByRole('button', { name: /^Redeliver delivery / })
    .last()
    .click();
  await expect(page.getByText(/^Redelivery queued as delivery \d+\.$/)).toBeVisible();
  await expect.poll(() => receiver.received.length, { timeout: 20_000 }).toBe(3);
  expect(receiver.received[2].headers['webhook-id']).toBe(event.headers['webhook-id']);
  await expect(deliveryRows(page)).toHaveCount(4);
  await expect(deliveryRows(page).nth(1)).toContainText(/Succeeded\s*User created\s*200/, { timeout: 15_000 });

  // Leave the demo data as seeded for the other specs.
  await page.getByRole('link', { name: 'Back' }).click();
  await page.getByRole('button', { name: `Delete endpoint ${url}` }).click();
  await page.getByRole('dialog', { name: 'Delete Endpoint' }).getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('cell', { name: url, exact: true })).toHaveCount(0);
});

test('a URL the server refuses (its host resolves nowhere) is shown at the URL field, focused', async ({ page }) => {
  // This stack allows private targets (the unit tests show an SSRF refusal at the field); the guard still resolves the host.
  await signInAndWait(page, AURORA_STAFF);
  await page.goto('/Home/MyDetails');
  await page.getByRole('button', { name: 'Add endpoint' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Endpoint' });
  const field = dialog.getByRole('textbox', { name: 'URL' });
  await field.fill('https://no-such-host.invalid/hook');
  await dialog.getByRole('checkbox', { name: 'All events' }).check();
  await dialog.getByRole('button', { name: 'Add endpoint' }).click();
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(field).toHaveAccessibleDescription(
    "The webhook URL's host 'no-such-host.invalid' could not be resolved.",
  );
  await expect(field).toBeFocused();
  await expectAccessible(page, 'a refused URL');
});

test('by keyboard: add an endpoint, reach its delivery log, delete it', async ({ page }) => {
  const url = receiver.url(`/keyboard-${Date.now()}`);
  await signInAndWait(page, AURORA_STAFF);
  await page.goto('/Home/MyDetails');
  const add = page.getByRole('button', { name: 'Add endpoint' });
  await add.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Add Endpoint' });
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(add).toBeFocused();

  await page.keyboard.press('Enter');
  const urlField = dialog.getByRole('textbox', { name: 'URL' });
  for (let tabs = 0; tabs < 5 && !(await urlField.evaluate((element) => element === document.activeElement)); tabs++)
    await page.keyboard.press('Tab');
  await expect(urlField).toBeFocused();
  await page.keyboard.type(url);
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('checkbox', { name: 'All events' })).toBeFocused();
  await page.keyboard.press('Space');
  await expect(dialog.getByRole('checkbox', { name: 'All events' })).toBeChecked();
  await urlField.focus();
  await page.keyboard.press('Enter');
  const secretDialog = page.getByRole('dialog', { name: 'Endpoint Added' });
  await expect(secretDialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(secretDialog).toBeHidden();

  const log = page.getByRole('link', { name: `Delivery log of ${url}` });
  await log.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Webhook Deliveries' })).toBeVisible();
  await page.getByRole('link', { name: 'Back' }).focus();
  await page.keyboard.press('Enter');
  await page.getByRole('button', { name: `Delete endpoint ${url}` }).focus();
  await page.keyboard.press('Enter');
  const confirm = page.getByRole('dialog', { name: 'Delete Endpoint' });
  await confirm.getByRole('button', { name: 'Delete' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('cell', { name: url, exact: true })).toHaveCount(0);
});
