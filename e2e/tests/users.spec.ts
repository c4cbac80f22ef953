import { expect, test, type Page } from '@playwright/test';
import { AURORA_STAFF } from '../support/stack';
import { signInAndWait } from '../support/sign-in';

// Demo data (api-server/src/seed/demo-data.ts): Aurora Audio has 40 users user01..user40@aurora.listener.example;
// user01 has one fingerprint and sent three licences (to user08, user09, user10); user08 received one of them.

async function openUsers(page: Page) {
  await signInAndWait(page, AURORA_STAFF);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Users' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
}

async function searchUsers(page: Page, text: string) {
  await page.getByRole('searchbox', { name: 'Search User by Email' }).fill(text);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
}

async function openUserDetails(page: Page, email: string) {
  await searchUsers(page, email);
  await page.getByRole('link', { name: `View user ${email}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: `User: ${email}` })).toBeVisible();
}

test.describe('users', () => {
  test('lists, searches and pages the users, and remembers the list after a detail page', async ({ page }) => {
    await openUsers(page);
    await expect(page.getByRole('columnheader')).toHaveText(['ID', 'Email', 'Created At', 'Actions']);
    await expect(page.getByRole('row')).toHaveCount(26);
    await expect(page.getByText('40 records')).toBeVisible();
    await page.getByRole('button', { name: 'Page 2' }).click();
    await expect(page.getByRole('cell', { name: 'user40@aurora.listener.example', exact: true })).toBeVisible();

    await searchUsers(page, 'USER1');
    await expect(page.getByText('10 records')).toBeVisible();
    await expect(page.getByRole('cell', { name: 'user10@aurora.listener.example', exact: true })).toBeVisible();
    await page.getByRole('link', { name: 'View user user10@aurora.listener.example' }).click();
    await expect(page.getByRole('heading', { name: 'User: user10@aurora.listener.example' })).toBeVisible();
    await page.goBack();
    await expect(page.getByRole('searchbox', { name: 'Search User by Email' })).toHaveValue('USER1');
    await expect(page.getByText('10 records')).toBeVisible();

    await page.getByRole('button', { name: 'Clear' }).click();
    await expect(page.getByText('40 records')).toBeVisible();
  });

  test('creates a user, refuses a duplicate email clearly, and edits the user', async ({ page }) => {
    const email = `e2e-${Date.now()}@aurora.listener.example`;
    await openUsers(page);
    await page.getByRole('link', { name: 'New User' }).click();
    await expect(page).toHaveURL(/\/Home\/CreateUser$/);
    await expect(page.getByRole('heading', { name: 'Create New User' })).toBeVisible();
    await page.getByRole('button', { name: 'Create User' }).click();
    await expect(page.getByRole('alert')).toHaveText('Email is required.');
    await page.getByRole('textbox', { name: 'Email' }).fill(email);
    await page.getByRole('textbox', { name: 'External ID' }).fill('crm-e2e-1');
    await page.getByRole('button', { name: 'Create User' }).click();
    await expect(page).toHaveURL(/\/Home\/Users$/);

    await page.getByRole('link', { name: 'New User' }).click();
    await page.getByRole('textbox', { name: 'Email' }).fill(email.toUpperCase());
    await page.getByRole('button', { name: 'Create User' }).click();
    await expect(page.getByRole('alert')).toHaveText(`A user with the email ${email.toUpperCase()} already exists.`);
    await expect(page).toHaveURL(/\/Home\/CreateUser$/);
    await page.getByRole('button', { name: 'Cancel' }).click();

    await searchUsers(page, email);
    await expect(page.getByText('1 record', { exact: true })).toBeVisible();
    await page.getByRole('link', { name: `Edit user ${email}` }).click();
    await expect(page).toHaveURL(/\/Home\/EditUser\/\d+\/.+\/crm-e2e-1$/);
    await expect(page.getByRole('heading', { name: 'Edit User' })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Email' })).toHaveValue(email);
    await expect(page.getByRole('textbox', { name: 'External ID' })).toHaveValue('crm-e2e-1');
    // The address ends in the email's domain: a reload must still get the page.
    await page.reload();
    await expect(page.getByRole('textbox', { name: 'Email' })).toHaveValue(email);
    const edited = email.replace('e2e-', 'e2e-edited-');
    await page.getByRole('textbox', { name: 'Email' }).fill(edited);
    await page.getByRole('textbox', { name: 'External ID' }).fill('');
    await page.getByRole('button', { name: 'Update User' }).click();
    await expect(page).toHaveURL(/\/Home\/Users$/);

    await searchUsers(page, edited);
    await page.getByRole('link', { name: `Edit user ${edited}` }).click();
    await expect(page).toHaveURL(/\/Home\/EditUser\/\d+\/[^/]+$/);
    await expect(page.getByRole('textbox', { name: 'External ID' })).toHaveValue('');
  });

  test('shows a user’s fingerprints and licence transfers', async ({ page }) => {
    await openUsers(page);
    await openUserDetails(page, 'user01@aurora.listener.example');
    await page.getByRole('button', { name: /Show Fingerprints/ }).click();
    const fingerprints = page.getByRole('list', { name: 'Fingerprints' });
    await expect(fingerprints.getByRole('listitem')).toHaveCount(1);
    await expect(fingerprints).toContainText('Fingerprint 1');
    await expect(fingerprints).toContainText(/FP-AURORA-\d+-1/);
    await page.getByRole('button', { name: 'Hide Fingerprints' }).click();
    await expect(fingerprints).toBeHidden();

    await page.getByRole('button', { name: 'View License Transfers' }).click();
    const dialog = page.getByRole('dialog', { name: 'License Transfers' });
    await expect(dialog.getByRole('columnheader')).toHaveText(['To User', 'Product', 'Serial', 'Transfer Date']);
    await expect(dialog.getByRole('row')).toHaveCount(4);
    await expect(dialog.getByRole('cell', { name: 'user08@aurora.listener.example', exact: true })).toBeVisible();
    await dialog.getByRole('tab', { name: 'Received Transfers' }).click();
    await expect(dialog.getByRole('columnheader')).toHaveText(['From User', 'Product', 'Serial', 'Transfer Date']);
    await expect(dialog.getByText('No received license transfers found.')).toBeVisible();
    await dialog.getByRole('button', { name: 'Close', exact: true }).click();
    await expect(dialog).toBeHidden();

    await page.goto('/Home/Users');
    await openUserDetails(page, 'user08@aurora.listener.example');
    await page.getByRole('button', { name: 'View License Transfers' }).click();
    await expect(page.getByRole('dialog').getByText('No sent license transfers found.')).toBeVisible();
    await page.getByRole('dialog').getByRole('tab', { name: 'Received Transfers' }).click();
    await expect(
      page.getByRole('dialog').getByRole('cell', { name: 'user01@aurora.listener.example', exact: true }),
    ).toBeVisible();
  });

  test('joins and leaves the Beta channel through the confirmation; Release stays fixed', async ({ page }) => {
    await openUsers(page);
    await openUserDetails(page, 'user02@aurora.listener.example');
    const release = page.getByRole('checkbox', { name: 'Release' });
    await expect(release).toBeChecked();
    await expect(release).toBeDisabled();
    const beta = page.getByRole('checkbox', { name: 'Beta' });
    await expect(beta).not.toBeChecked();

    await beta.click();
    const join = page.getByRole('dialog', { name: 'Add to Beta Channel' });
    await expect(join).toContainText('The user will get access to unstable or unreleased content');
    await join.getByRole('button', { name: 'Cancel' }).click();
    await expect(beta).not.toBeChecked();

    await beta.click();
    await page.getByRole('dialog', { name: 'Add to Beta Channel' }).getByRole('button', { name: 'Add' }).click();
    await expect(page.getByRole('dialog')).toBeHidden();
    await expect(beta).toBeChecked();
    await page.reload();
    await expect(page.getByRole('checkbox', { name: 'Beta' })).toBeChecked();

    await page.getByRole('checkbox', { name: 'Beta' }).click();
    await page
      .getByRole('dialog', { name: 'Remove from Beta Channel' })
      .getByRole('button', { name: 'Remove' })
      .click();
    await expect(page.getByRole('dialog')).toBeHidden();
    await expect(page.getByRole('checkbox', { name: 'Beta' })).not.toBeChecked();
  });

  test('adds a licence of each type and sees it in the user’s licence table', async ({ page }) => {
    await openUsers(page);
    await searchUsers(page, 'user03@aurora.listener.example');
    await page.getByRole('link', { name: 'Add license for user03@aurora.listener.example' }).click();
    await expect(page.getByRole('heading', { name: 'Add License' })).toBeVisible();
    await expect(page.getByText('user03@aurora.listener.example')).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'License Type' })).toHaveValue('NFR');

    for (const [index, type] of (['NFR', 'Standard', 'Free'] as const).entries()) {
      if (index > 0) await page.getByRole('link', { name: 'New License' }).click();
      const product = page.getByRole('combobox', { name: 'Product' });
      await expect(product).toBeEnabled();
      await product.fill('drum');
      await page.getByRole('option', { name: 'Aurora Drum Engine (com.aurora.drum-engine)' }).click();
      await page.getByRole('combobox', { name: 'License Type' }).selectOption(type);
      await page.getByRole('button', { name: 'Create' }).click();
      await expect(page).toHaveURL(/\/Home\/UserDetails\/\d+$/);
      await expect(page.getByRole('heading', { name: 'User: user03@aurora.listener.example' })).toBeVisible();
    }

    // user03 had no Drum Engine licence before: now one of each type.
    const drumEngineRows = page.getByRole('row').filter({ hasText: 'com.aurora.drum-engine' });
    await expect(drumEngineRows).toHaveCount(3);
    for (const type of ['NFR', 'Standard', 'Free'])
      await expect(drumEngineRows.filter({ has: page.getByRole('cell', { name: type, exact: true }) })).toHaveCount(1);
  });

  test('when the licensing remote is down, only the licence section says so and Retry brings the table', async ({
    page,
  }) => {
    await page.route('**/remotes/mfe-licensing/**', (route) => route.abort('connectionrefused'));
    await openUsers(page);
    await openUserDetails(page, 'user04@aurora.listener.example');
    const licences = page.getByRole('region', { name: 'Licenses' });
    await expect(licences.getByRole('alert')).toHaveText(/The licenses could not be loaded\./);
    await expect(page.getByRole('checkbox', { name: 'Release' })).toBeChecked();
    await expect(page.getByRole('button', { name: 'View License Transfers' })).toBeEnabled();

    await page.unroute('**/remotes/mfe-licensing/**');
    await licences.getByRole('button', { name: 'Retry' }).click();
    await expect(licences.getByRole('columnheader', { name: 'Product Identifier' })).toBeVisible();
  });
});
