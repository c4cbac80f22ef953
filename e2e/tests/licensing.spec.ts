import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { AURORA_STAFF } from '../support/stack';
import { apiGet, signInAndWait } from '../support/sign-in';

const REPO = join(__dirname, '../..');
const REVERB = 'com.aurora.reverb';

/** Aurora Reverb's id and public key (the key the product's edit page shows). */
async function reverbProduct(page: Page): Promise<{ id: number; public_key: string }> {
  const products = await apiGet<{ data: { id: number; identifier: string; public_key: string }[] }>(
    page,
    `/products?identifier=${REVERB}&per_page=250`,
  );
  return products.data.find((product) => product.identifier === REVERB)!;
}

async function openReverbLicenses(page: Page) {
  await signInAndWait(page, AURORA_STAFF);
  const product = await reverbProduct(page);
  await page.goto(`/Home/ProductLicenses/${product.id}/Aurora%20Reverb/${REVERB}`);
  await expect(page.getByRole('heading', { name: 'Licenses for product: Aurora Reverb' })).toBeVisible();
  await expect(page.getByRole('row').nth(1)).toBeVisible();
  return product;
}

async function search(scope: Page | Locator, placeholder: string, text: string) {
  await scope.getByRole('searchbox', { name: placeholder }).fill(text);
  await scope.getByRole('button', { name: 'Search', exact: true }).click();
}

const licenseRow = (page: Page, text: string) => page.getByRole('row').filter({ hasText: text });
const deactivatedBoxes = (page: Page) => page.getByRole('checkbox', { name: /^Deactivated / });

test.describe('product licences and trials', () => {
  test('search by email, select all, bulk deactivate with a reason, then reactivate', async ({ page }) => {
    await openReverbLicenses(page);
    await search(page, 'Search User by Email', 'user1');
    const dataRows = page.getByRole('row').filter({ hasNot: page.getByRole('columnheader') });
    await expect(dataRows.first()).toContainText('user1');
    const count = await dataRows.count();
    expect(count).toBeGreaterThan(2);
    for (const row of await dataRows.all()) await expect(row).toContainText(/user1\d@aurora\.listener\.example/);

    await page
      .getByRole('checkbox', { name: /^Select row / })
      .first()
      .click();
    await expect(page.getByText('1 license(s) selected')).toBeVisible();
    await expect(page.getByRole('checkbox', { name: 'Select All' })).toHaveAttribute('aria-checked', 'mixed');
    await page.getByRole('checkbox', { name: 'Select All' }).click();
    await expect(page.getByText(`${count} license(s) selected`)).toBeVisible();

    await page.getByRole('button', { name: 'Deactivate Selected' }).click();
    const dialog = page.getByRole('dialog', { name: `Deactivate ${count} Licenses` });
    await expect(dialog.getByRole('combobox', { name: 'Reason for deactivation' })).toHaveValue('DuplicateOrder');
    await dialog.getByRole('combobox', { name: 'Reason for deactivation' }).selectOption('');
    await dialog.getByRole('button', { name: 'Deactivate' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('Please select a reason for deactivation');
    await dialog.getByRole('combobox', { name: 'Reason for deactivation' }).selectOption('CancelledOrder');
    await dialog.getByRole('button', { name: 'Deactivate' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText(/license\(s\) selected/)).toBeHidden();
    for (const box of await deactivatedBoxes(page).all()) await expect(box).toBeChecked();
    await expect(page.getByRole('cell', { name: 'CancelledOrder' })).toHaveCount(count);

    // The change is on the server: it survives a reload (the search is remembered for this page).
    await page.reload();
    await expect(page.getByRole('cell', { name: 'CancelledOrder' })).toHaveCount(count);
    await page.getByRole('checkbox', { name: 'Select All' }).click();
    await page.getByRole('button', { name: 'Activate Selected', exact: true }).click();
    await expect(page.getByText(/license\(s\) selected/)).toBeHidden();
    await expect(page.getByRole('cell', { name: 'CancelledOrder' })).toHaveCount(0);
    for (const box of await deactivatedBoxes(page).all()) await expect(box).not.toBeChecked();
  });

  test('one licence: untick activates at once, tick asks for the reason', async ({ page }) => {
    await openReverbLicenses(page);
    await search(page, 'Search User by Email', 'user05@');
    const row = licenseRow(page, 'user05@aurora.listener.example');
    const box = row.getByRole('checkbox', { name: /^Deactivated / });
    await expect(box).toBeChecked();
    await box.click();
    await expect(box).not.toBeChecked();
    await box.click();
    const dialog = page.getByRole('dialog', { name: 'Deactivate License' });
    await dialog.getByRole('combobox', { name: 'Reason for deactivation' }).selectOption('FraudulentUse');
    await dialog.getByRole('button', { name: 'Deactivate' }).click();
    await expect(box).toBeChecked();
    await expect(row).toContainText('FraudulentUse');
  });

  test('transfer a licence to another user: the owner email changes', async ({ page }) => {
    await openReverbLicenses(page);
    await search(page, 'Search User by Email', 'user07@');
    const serial = await licenseRow(page, 'user07@aurora.listener.example').locator('code').textContent();
    expect(serial).toMatch(/^[0-9A-Z]{5}(-[0-9A-Z]{5}){3}$/);

    await page.getByRole('button', { name: `Transfer license ${serial}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Transfer License' });
    await expect(dialog.getByRole('button', { name: 'OK' })).toBeDisabled();
    await search(dialog, 'Search User by Email', 'user40');
    await dialog.getByRole('radio', { name: 'user40@aurora.listener.example' }).check();
    await expect(dialog.getByRole('button', { name: 'OK' })).toBeEnabled();
    await dialog.getByRole('button', { name: 'OK' }).click();
    await expect(dialog).toBeHidden();

    await page.getByRole('button', { name: 'Clear' }).click();
    await expect(licenseRow(page, serial!)).toContainText('user40@aurora.listener.example');
  });

  test('download an .ops file that the verify-license command accepts for that machine only', async ({ page }) => {
    const product = await openReverbLicenses(page);
    await search(page, 'Search User by Email', 'user09@');
    const row = licenseRow(page, 'user09@aurora.listener.example');
    await row.getByRole('button', { name: /^Download license / }).click();
    const dialog = page.getByRole('dialog', { name: 'Download License File' });
    await expect(dialog.getByRole('combobox', { name: 'Signature Seed Version' })).toHaveValue('5');
    await dialog.getByRole('textbox', { name: 'Hardware Fingerprint' }).fill('E2E-HWFP2-0001');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      dialog.getByRole('button', { name: 'Download' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`${REVERB}.ops`);
    const file = join(mkdtempSync(join(tmpdir(), 'producthub-ops-')), download.suggestedFilename());
    await download.saveAs(file);
    await expect(dialog).toBeHidden();

    const verify = (...args: string[]) =>
      spawnSync(
        process.execPath,
        [
          join(REPO, 'api-server/dist/admin/cli.js'),
          'verify-license',
          file,
          '--public-key',
          product.public_key,
          ...args,
        ],
        { encoding: 'utf8' },
      );
    const valid = verify('--fingerprint', 'E2E-HWFP2-0001', '--product', REVERB);
    expect(valid.stderr).toBe('');
    expect(valid.status).toBe(0);
    expect(valid.stdout).toContain('user09@aurora.listener.example');
    expect(valid.stdout).toContain('signature seed:       version 5');
    const otherMachine = verify('--fingerprint', 'SOMEONE-ELSES-MACHINE');
    expect(otherMachine.status).toBe(1);
    expect(otherMachine.stderr).toContain('not "SOMEONE-ELSES-MACHINE"');
  });

  test('a deactivated licence cannot be downloaded: the dialog says why', async ({ page }) => {
    await openReverbLicenses(page);
    await search(page, 'Search User by Email', 'user23@');
    await licenseRow(page, 'user23@aurora.listener.example')
      .getByRole('button', { name: /^Download license / })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Download License File' });
    await dialog.getByRole('textbox', { name: 'Hardware Fingerprint' }).fill('E2E-HWFP2-0002');
    await dialog.getByRole('button', { name: 'Download' }).click();
    await expect(dialog.getByRole('alert')).toContainText(
      /^This license is deactivated \(\w+\): it cannot be activated on a machine/,
    );
  });

  test("a licence's machines: the customer's deactivation shows, and staff free a seat after confirming", async ({
    page,
  }) => {
    await signInAndWait(page, AURORA_STAFF);
    // The seed activates Aurora Compressor's two newest licences on two machines each through the client API.
    const compressor = (
      await apiGet<{ data: { id: number; identifier: string }[] }>(
        page,
        '/products?identifier=com.aurora.compressor&per_page=250',
      )
    ).data.find((product) => product.identifier === 'com.aurora.compressor')!;
    const licenses = (
      await apiGet<{ data: { id: number; serial: string; user: { email: string } }[] }>(
        page,
        `/products/${compressor.id}/licenses?per_page=250`,
      )
    ).data;
    let seeded: (typeof licenses)[number] | undefined;
    // Newest first: later demo data (a store's order, redeemed serials) and other specs add licences after them.
    for (const license of [...licenses].sort((a, b) => b.id - a.id)) {
      const machines = await apiGet<{ hardware_fingerprint: string }[]>(page, `/licenses/${license.id}/machines`);
      if (machines.some((machine) => machine.hardware_fingerprint === 'HWFP2-DEMO-1-1')) {
        seeded = license;
        break;
      }
    }
    expect(seeded).toBeDefined();
    await page.goto(`/Home/ProductLicenses/${compressor.id}/Aurora%20Compressor/com.aurora.compressor`);
    await search(page, 'Search User by Email', seeded!.user.email);
    await page.getByRole('button', { name: `Machines of license ${seeded!.serial}` }).click();

    const dialog = page.getByRole('dialog', { name: `Machines of License ${seeded!.serial}` });
    const machineRow = (fingerprint: string) => dialog.getByRole('row').filter({ hasText: fingerprint });
    await expect(machineRow('HWFP2-DEMO-1-1')).toContainText(/Deactivated \(by customer\) on /);
    // The seed's plugin named that machine "Laptop": the name stands above its fingerprint.
    await expect(machineRow('HWFP2-DEMO-1-2')).toContainText('Active');
    await expect(machineRow('HWFP2-DEMO-1-2')).toContainText('Laptop');
    await machineRow('HWFP2-DEMO-1-2')
      .getByRole('button', { name: 'Deactivate machine Laptop (HWFP2-DEMO-1-2)' })
      .click();
    await page
      .getByRole('dialog', { name: 'Deactivate Machine' })
      .getByRole('button', { name: 'Deactivate machine' })
      .click();
    await expect(machineRow('HWFP2-DEMO-1-2')).toContainText(/Deactivated \(by staff\) on /);
    await expect(dialog.getByRole('button', { name: /^Deactivate machine/ })).toHaveCount(0);
  });

  test('delete a trial: it leaves the list at once and stays gone', async ({ page }) => {
    await signInAndWait(page, AURORA_STAFF);
    const product = await reverbProduct(page);
    await page.goto(`/Home/ProductTrials/${product.id}/Aurora%20Reverb`);
    await expect(page.getByRole('heading', { name: 'Trials for product: Aurora Reverb' })).toBeVisible();
    await expect(page.getByText('8 records')).toBeVisible();
    await search(page, 'Search Trial by Fingerprint', '0003');
    const fingerprint = `HWFP-AURORA-${product.id}-0003`;
    await expect(page.getByRole('cell', { name: fingerprint, exact: true })).toBeVisible();
    await page.getByRole('button', { name: `Delete trial ${fingerprint}` }).click();
    await expect(page.getByRole('cell', { name: fingerprint, exact: true })).toBeHidden();
    await page.getByRole('button', { name: 'Clear' }).click();
    await expect(page.getByText('7 records')).toBeVisible();
    await page.reload();
    await expect(page.getByText('7 records')).toBeVisible();
    await expect(page.getByRole('cell', { name: fingerprint, exact: true })).toHaveCount(0);
  });
});

test.describe('the licence table on user details (exposed to the users remote)', () => {
  test('shows the product columns, and a transferred licence leaves the list', async ({ page }) => {
    await signInAndWait(page, AURORA_STAFF);
    const [owner] = (await apiGet<{ data: { id: number }[] }>(page, '/users?email=user15@aurora.listener.example'))
      .data;
    await page.goto(`/Home/UserDetails/${owner.id}`);
    await expect(page.getByRole('heading', { name: 'User: user15@aurora.listener.example' })).toBeVisible();
    const table = page.getByRole('table', { name: 'Licenses of the user' });
    await expect(table.getByRole('columnheader')).toHaveText([
      '',
      'ID',
      'Product Series',
      'Product Identifier',
      'Product Name',
      'Email',
      'Type',
      'Serial',
      'Deactivated',
      'Created At',
      'Updated At',
      'Actions',
    ]);
    const compressor = table.getByRole('row').filter({ hasText: 'Aurora Compressor' });
    await expect(compressor).toContainText('com.aurora.compressor');
    await expect(compressor).toContainText('Studio');
    const rowsBefore = await table.getByRole('row').count();

    await compressor.getByRole('button', { name: /^Transfer license / }).click();
    const dialog = page.getByRole('dialog', { name: 'Transfer License' });
    await search(dialog, 'Search User by Email', 'user40@');
    await dialog.getByRole('radio', { name: 'user40@aurora.listener.example' }).check();
    await dialog.getByRole('button', { name: 'OK' }).click();
    await expect(dialog).toBeHidden();
    await expect(compressor).toHaveCount(0);
    await expect(table.getByRole('row')).toHaveCount(rowsBefore - 1);
  });
});
