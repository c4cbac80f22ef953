import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { deliveredMailCount, signInMailParts, waitForDeliveredMail } from '../support/delivered-mail';
import { signInAndWait } from '../support/sign-in';
import { AURORA_STAFF, E2E_BASE_URL } from '../support/stack';

// The portal from the staff console: staff mail a customer a sign-in link from User Details, the mail is sent (the
// run's SMTP capture receives it) and listed in the Emails log with its code masked, the customer's sign-in shows in
// the user's History, and switching the portal off in Manufacturer Details makes the portal's page say so.

const SLUG = 'aurora-audio';
const PORTAL_URL = `${E2E_BASE_URL}/portal/${SLUG}/`;
// The demo customer npm start prints (api-server/src/seed/demo-logins.ts).
const CUSTOMER = 'user37@aurora.listener.example';
const SIGN_IN_MAIL = 'portal.sign-in-code';
/** What the Emails log shows in place of a sent mail's one-time secret. */
const MASK = '••••••';
const PORTAL_OFF_REASON =
  'The customer portal is switched off. Switch it on in Manufacturer Details (Customer portal) to send a sign-in link.';

async function staffHeaders(request: APIRequestContext) {
  const login = await request.post(`${E2E_BASE_URL}/api/v1/systemusers/login`, {
    data: { email: AURORA_STAFF.email, password: AURORA_STAFF.password },
  });
  return { Authorization: `MSession ${(await login.json()).token}` };
}

async function auroraIds(request: APIRequestContext): Promise<{ manufacturerId: number; userId: number }> {
  const headers = await staffHeaders(request);
  const users = await (
    await request.get(`${E2E_BASE_URL}/api/v1/users`, { params: { email: CUSTOMER }, headers })
  ).json();
  const user = users.data.find((row: { email: string }) => row.email === CUSTOMER);
  return { manufacturerId: user.manufacturer_id, userId: user.id };
}

/** The portal back on whatever a test left, so that the portal's own suite finds it as the demo has it. */
async function switchPortalOn(request: APIRequestContext, manufacturerId: number) {
  const response = await request.patch(`${E2E_BASE_URL}/api/v1/manufacturers/${manufacturerId}/portal-settings`, {
    data: { enabled: true },
    headers: await staffHeaders(request),
  });
  expect(response.status()).toBe(200);
}

const portalSection = (page: Page) => page.getByRole('region', { name: 'Customer portal' });

async function openHistory(page: Page) {
  await page.getByRole('button', { name: 'Show History' }).click();
  return page.getByRole('table', { name: `History of user ${CUSTOMER}` });
}

test.describe('the customer portal in the staff console', () => {
  let ids: { manufacturerId: number; userId: number };

  test.beforeAll(async ({ request }) => {
    ids = await auroraIds(request);
  });
  test.afterAll(async ({ request }) => switchPortalOn(request, ids.manufacturerId));

  test('staff send a sign-in link from User Details; the mail is in the Emails log and the sign-in in History', async ({
    page,
  }) => {
    await signInAndWait(page, AURORA_STAFF);
    await page.goto(`/Home/UserDetails/${ids.userId}`);
    await expect(page.getByRole('heading', { level: 1, name: `User: ${CUSTOMER}` })).toBeVisible();

    const after = deliveredMailCount();
    await page.getByRole('button', { name: 'Send portal sign-in link' }).click();
    const dialog = page.getByRole('dialog', { name: 'Send portal sign-in link' });
    await expect(dialog).toContainText(
      `Mail ${CUSTOMER} a sign-in code and link to the customer portal at ${PORTAL_URL}?`,
    );
    await dialog.getByRole('button', { name: 'Send' }).click();
    await expect(
      page.getByText(new RegExp(`^Sign-in link sent to ${CUSTOMER.replace(/\./g, '\\.')}\\. Its code works until `)),
    ).toBeVisible();
    await expect(dialog).toBeHidden();

    // The mail as the customer received it.
    const mail = await waitForDeliveredMail(CUSTOMER, SIGN_IN_MAIL, after);
    const { code, link } = signInMailParts(mail);

    // The Emails log of the manufacturer lists it as sent; staff read it with its code masked (docs/email.md, "Mails
    // that carry a one-time secret").
    // The capture keeps the mail a moment before the worker marks it sent: open the log again until it says so.
    const row = page.getByRole('row').filter({ hasText: CUSTOMER }).filter({ hasText: SIGN_IN_MAIL }).first();
    await expect(async () => {
      await page.goto(`/Home/Manufacturers/${ids.manufacturerId}/Emails`);
      await page.getByPlaceholder('Search by Recipient').fill('user37@');
      await page.getByPlaceholder('Search by Recipient').press('Enter');
      await expect(row).toContainText('Sent', { timeout: 3_000 });
    }).toPass({ timeout: 20_000 });
    await expect(row).toContainText(mail.subject.replace(code, MASK));
    await row.getByRole('link').first().click();
    await expect(page.getByText(MASK, { exact: false }).first()).toBeVisible();
    await expect(page.getByText(code, { exact: false })).toHaveCount(0);

    // The customer follows the mail's link: signed in to the portal.
    const customer = await page.context().newPage();
    await customer.goto(`${link.pathname}${link.search}`);
    await expect(customer).toHaveURL(new RegExp(`/portal/${SLUG}/licenses$`));
    await expect(customer.getByRole('heading', { name: 'My licenses' })).toBeVisible();
    await customer.close();

    // History tells both in words: staff sent the link, the customer signed in with it.
    await page.goto(`/Home/UserDetails/${ids.userId}`);
    const history = await openHistory(page);
    const signIn = history
      .getByRole('row')
      .filter({ hasText: 'Signed in to the portal with the link in a sign-in mail' })
      .first();
    await expect(signIn).toContainText(`${CUSTOMER} (customer)`);
    const sent = history
      .getByRole('row')
      .filter({ hasText: `Portal sign-in link sent to ${CUSTOMER}` })
      .first();
    await expect(sent).toContainText(AURORA_STAFF.email);
  });

  test("switching the portal off makes its page say so and holds back staff's sign-in links; on again, it opens", async ({
    page,
  }) => {
    await signInAndWait(page, AURORA_STAFF);
    await page.goto(`/Home/Manufacturers/${ids.manufacturerId}`);
    const section = portalSection(page);
    await expect(section.getByRole('link', { name: PORTAL_URL })).toHaveAttribute('target', '_blank');
    await expect(section.getByRole('textbox', { name: 'Portal address (slug)' })).toHaveValue(SLUG);

    await section.getByRole('checkbox', { name: 'Portal switched on: customers can sign in' }).click();
    const dialog = page.getByRole('dialog', { name: 'Switch the portal off?' });
    await expect(dialog).toContainText('customers cannot sign in');
    await dialog.getByRole('button', { name: 'Switch off' }).click();
    await expect(section.getByText('Portal switched off.')).toBeVisible();
    await expect(
      section.getByRole('checkbox', { name: 'Portal switched on: customers can sign in' }),
    ).not.toBeChecked();

    const customer = await page.context().newPage();
    await customer.goto(`/portal/${SLUG}/`);
    await expect(customer.getByText('This portal is switched off. Please contact Aurora Audio.')).toBeVisible();

    await page.goto(`/Home/UserDetails/${ids.userId}`);
    await expect(page.getByRole('button', { name: 'Send portal sign-in link' })).toBeDisabled();
    await expect(page.getByText(PORTAL_OFF_REASON)).toBeVisible();

    await page.goto(`/Home/Manufacturers/${ids.manufacturerId}`);
    await portalSection(page).getByRole('checkbox', { name: 'Portal switched on: customers can sign in' }).click();
    await expect(portalSection(page).getByText('Portal switched on.')).toBeVisible();
    await customer.reload();
    await expect(customer.getByLabel('Email address')).toBeVisible();
    await customer.close();
  });
});
