import { expect, test, type Page } from '@playwright/test';
import { seriousViolations } from '../support/axe';
import { deliveredMailCount, waitForDeliveredMail } from '../support/delivered-mail';
import { AURORA_STAFF, AURORA_VIEWER } from '../support/stack';
import { apiGet, signIn, signInAndWait } from '../support/sign-in';
import { inviteLinkOf } from '../support/staff-invite';
import { LOCALHOST_CONSOLE, addVirtualAuthenticator } from '../support/virtual-authenticator';

const PASSWORD = 'a long enough passphrase for e2e';
const CANNOT_EDIT_PRODUCTS =
  'Your role (Support) cannot create or edit products, features, editions or licence policies.';
// The seed activates Aurora Compressor's second-newest licence on this machine; no other spec frees it.
const SEEDED_MACHINE = 'HWFP2-DEMO-2-1';

interface Product {
  id: number;
  name: string;
  identifier: string;
}

/** Aurora Compressor, and the existing customer's licence the seed activated SEEDED_MACHINE on. */
async function seededMachineLicense(page: Page) {
  const products = await apiGet<{ data: Product[] }>(page, '/products?identifier=com.aurora.compressor&per_page=250');
  const product = products.data.find((candidate) => candidate.identifier === 'com.aurora.compressor')!;
  const licenses = await apiGet<{ data: { id: number; serial: string; user: { email: string } }[] }>(
    page,
    `/products/${product.id}/licenses?per_page=250`,
  );
  // Newest first: later demo data and other specs add licences after the seeded ones.
  for (const license of [...licenses.data].sort((a, b) => b.id - a.id)) {
    const machines = await apiGet<{ hardware_fingerprint: string }[]>(page, `/licenses/${license.id}/machines`);
    if (machines.some((machine) => machine.hardware_fingerprint === SEEDED_MACHINE)) return { product, license };
  }
  throw new Error(`No licence of Aurora Compressor has the seeded machine ${SEEDED_MACHINE}`);
}

test("an owner invites a support agent, who joins from the mail's link, adds a passkey, frees a customer's machine and cannot edit products", async ({
  page,
  browser,
}) => {
  // Several sign-ins (each a scrypt check), a passkey made and used, and three axe runs.
  test.setTimeout(240_000);
  const agent = `support-e2e-${Date.now()}@aurora-audio.example`;

  await signInAndWait(page, AURORA_STAFF);
  await page.goto('/Home/MyDetails');
  const section = page.getByRole('region', { name: 'Staff' });
  // The page's sections are lazily loaded chunks: the first visit waits for them.
  await expect(section.getByRole('button', { name: 'Invite' })).toBeVisible({ timeout: 30_000 });
  expect(await seriousViolations(page), 'the Staff section').toEqual([]);

  const after = deliveredMailCount();
  await section.getByRole('button', { name: 'Invite' }).click();
  const dialog = page.getByRole('dialog', { name: 'Invite Staff Member' });
  await dialog.getByRole('textbox', { name: /^Email/ }).fill(agent);
  await dialog.getByRole('combobox', { name: /^Role/ }).selectOption({ label: 'Support' });
  expect(await seriousViolations(page), 'the invite dialog').toEqual([]);
  await dialog.getByRole('button', { name: 'Send invite' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(section.getByText(`Invite sent to ${agent}`, { exact: false })).toBeVisible();
  await expect(section.getByRole('row').filter({ hasText: agent })).toContainText('Invited, expires');

  // The mail as the agent received it through the run's SMTP server: its one-time link opens the console's invite page. The
  // agent's browser is at localhost, where passkeys work; someone else (the viewer) is still signed in there.
  const link = inviteLinkOf(await waitForDeliveredMail(agent, 'staff.invite', after));
  const context = await browser.newContext();
  const invitee = await context.newPage();
  const { cdp, authenticatorId } = await addVirtualAuthenticator(invitee);
  await signIn(invitee, AURORA_VIEWER, `${LOCALHOST_CONSOLE}/`);
  await expect(invitee).toHaveURL(/\/Home\/Dashboard$/);
  await invitee.goto(`${LOCALHOST_CONSOLE}${link.pathname}${link.hash}`);
  await expect(
    invitee.getByText(
      `You are signed in as ${AURORA_VIEWER.email}. Accepting this invite signs you out of that account first.`,
    ),
  ).toBeVisible();
  await expect(invitee.getByRole('link', { name: 'Back to the console' })).toBeVisible();
  await invitee.getByLabel('New password').fill(PASSWORD);
  await invitee.getByLabel('Repeat the password').fill(`${PASSWORD}!`);
  await invitee.getByRole('button', { name: 'Accept and sign in' }).click();
  await expect(invitee.getByText('The two passwords differ. Type the same password twice.')).toBeVisible();
  await invitee.getByLabel('Repeat the password').fill(PASSWORD);
  expect(await seriousViolations(invitee), 'the invite page').toEqual([]);
  await invitee.getByRole('button', { name: 'Accept and sign in' }).click();
  await expect(invitee).toHaveURL(/\/Home\/Dashboard$/);
  await expect(invitee.getByRole('button', { name: 'Aurora Audio: profile menu' })).toBeVisible();

  // A passkey on the Security page; signed out, the password leads to the second step, which the passkey finishes.
  await invitee.goto(`${LOCALHOST_CONSOLE}/Home/Security`);
  await invitee.getByLabel('Passkey name').fill('Support laptop');
  await invitee.getByRole('button', { name: 'Add a passkey' }).click();
  await expect(invitee.getByRole('status').filter({ hasText: 'Passkey “Support laptop” added.' })).toBeVisible();
  expect((await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials).toHaveLength(1);
  await invitee.getByRole('button', { name: 'Log Out' }).click();
  await signIn(invitee, { email: agent, password: PASSWORD }, `${LOCALHOST_CONSOLE}/`);
  await expect(invitee.getByRole('heading', { name: 'Two-factor sign-in' })).toBeVisible();
  await invitee.getByRole('button', { name: 'Use a passkey' }).click();
  await expect(invitee).toHaveURL(/\/Home\/Dashboard$/);

  // Support frees a machine of an existing customer's licence.
  const { product, license } = await seededMachineLicense(invitee);
  await invitee.goto(
    `${LOCALHOST_CONSOLE}/Home/ProductLicenses/${product.id}/${encodeURIComponent(product.name)}/${product.identifier}`,
  );
  await invitee.getByRole('searchbox', { name: 'Search User by Email' }).fill(license.user.email);
  await invitee.getByRole('button', { name: 'Search', exact: true }).click();
  await invitee.getByRole('button', { name: `Machines of license ${license.serial}` }).click();
  const machines = invitee.getByRole('dialog', { name: `Machines of License ${license.serial}` });
  const machine = machines.getByRole('row').filter({ hasText: SEEDED_MACHINE });
  await expect(machine).toContainText('Active');
  await machine.getByRole('button', { name: /^Deactivate machine/ }).click();
  await invitee
    .getByRole('dialog', { name: 'Deactivate Machine' })
    .getByRole('button', { name: 'Deactivate machine' })
    .click();
  await expect(machine).toContainText(/Deactivated \(by staff\) on /);
  await invitee.keyboard.press('Escape');

  // Product settings are locked, with the reason; Create Product opened by its address shows the reason, not the form.
  await invitee.goto(`${LOCALHOST_CONSOLE}/Home/MyProducts`);
  const newProduct = invitee.getByRole('link', { name: 'New Product' });
  await expect(newProduct).toHaveAttribute('aria-disabled', 'true');
  await expect(newProduct).toHaveAttribute('title', CANNOT_EDIT_PRODUCTS);
  await invitee.getByRole('link', { name: `Edit ${product.name}` }).click();
  const save = invitee.getByRole('button', { name: 'Save' });
  await expect(save).toHaveAttribute('aria-disabled', 'true');
  await expect(save).toHaveAttribute('title', CANNOT_EDIT_PRODUCTS);
  await invitee.goto(`${LOCALHOST_CONSOLE}/Home/CreateProduct`);
  await expect(invitee.getByRole('alert')).toHaveText(CANNOT_EDIT_PRODUCTS);
  await expect(invitee.getByRole('textbox', { name: /^Name/ })).toHaveCount(0);

  // The owner sees them join with their passkey, and disables them: their session stops working at once.
  await page.reload();
  const row = section.getByRole('row').filter({ hasText: agent });
  await expect(row).toContainText('Support', { timeout: 30_000 });
  await expect(row).toContainText('Active');
  await expect(row).toContainText('Passkey');
  await row.getByRole('button', { name: `Disable ${agent}` }).click();
  const disable = page.getByRole('dialog', { name: 'Disable Staff Member' });
  await disable.getByRole('button', { name: 'Disable', exact: true }).click();
  await expect(row).toContainText('Disabled');
  await invitee.reload();
  await expect(invitee).toHaveURL(/\/$/, { timeout: 15_000 });
  await context.close();
});
