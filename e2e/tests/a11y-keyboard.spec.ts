import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { tabTo } from '../support/keyboard';
import { AURORA_STAFF } from '../support/stack';
import { signInAndWait, storedToken } from '../support/sign-in';

const REVERB = 'com.aurora.reverb';

async function noSeriousViolations(page: Page, include?: string) {
  const builder = new AxeBuilder({ page });
  if (include) builder.include(include);
  const results = await builder.analyze();
  expect(
    results.violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map((violation) => violation.id),
  ).toEqual([]);
}

test.describe('keyboard only', () => {
  test('the main navigation and the profile menu', async ({ page }) => {
    await signInAndWait(page, AURORA_STAFF);
    await tabTo(page, page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Users' }));
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();

    const menuButton = page.getByRole('button', { name: 'Aurora Audio: profile menu' });
    await page.keyboard.press('Shift+Tab');
    await tabTo(page, menuButton);
    await page.keyboard.press('Enter');
    const menu = page.getByRole('menu');
    await expect(menu.getByRole('menuitem', { name: 'Manufacturer Details' })).toBeFocused();
    await noSeriousViolations(page);
    await page.keyboard.press('Escape');
    await expect(menu).toHaveCount(0);
    await expect(menuButton).toBeFocused();

    await page.keyboard.press('ArrowDown');
    await expect(page.getByRole('menuitem', { name: 'Manufacturer Details' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/Home\/MyDetails$/);
  });

  test('a table: search, select rows, page, and a confirmation dialog that Escape closes without a change', async ({
    page,
  }) => {
    await signInAndWait(page, AURORA_STAFF);
    const products = await page.request.get(`/api/v1/products?identifier=${REVERB}&per_page=250`, {
      headers: { Authorization: `MSession ${await storedToken(page)}` },
    });
    const reverb = ((await products.json()) as { data: { id: number; identifier: string }[] }).data.find(
      (product) => product.identifier === REVERB,
    )!;
    await page.goto(`/Home/ProductLicenses/${reverb.id}/Aurora%20Reverb/${REVERB}`);
    await expect(page.getByRole('heading', { name: 'Licenses for product: Aurora Reverb' })).toBeVisible();
    await expect(page.getByRole('row').nth(1)).toBeVisible();

    const search = page.getByRole('searchbox', { name: 'Search User by Email' });
    await tabTo(page, search);
    await page.keyboard.type('user1');
    await page.keyboard.press('Enter');
    const dataRows = page.getByRole('row').filter({ hasNot: page.getByRole('columnheader') });
    await expect(dataRows.first()).toContainText('user1');

    const firstRowBox = page.getByRole('checkbox', { name: /^Select row / }).first();
    await tabTo(page, firstRowBox);
    await page.keyboard.press('Space');
    await expect(page.getByText('1 license(s) selected')).toBeVisible();

    const deactivate = page.getByRole('button', { name: 'Deactivate Selected' });
    await page.keyboard.press('Shift+Tab');
    await tabTo(page, deactivate);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: /^Deactivate / });
    await expect(dialog).toBeVisible();
    // Focus moves into the dialog and stays there.
    await expect(dialog.locator(':focus')).toHaveCount(1);
    for (let press = 0; press < 8; press += 1) {
      await page.keyboard.press('Tab');
      await expect(dialog.locator(':focus')).toHaveCount(1);
    }
    await noSeriousViolations(page);
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(deactivate).toBeFocused();
    await expect(page.getByText('1 license(s) selected')).toBeVisible();
  });

  test('the users table: page with the keyboard, open a user, open and close a dialog', async ({ page }) => {
    await signInAndWait(page, AURORA_STAFF);
    await page.goto('/Home/Users');
    await expect(page.getByText('40 records')).toBeVisible();
    await tabTo(page, page.getByRole('button', { name: 'Page 2' }));
    await page.keyboard.press('Enter');
    await expect(page.getByRole('cell', { name: 'user40@aurora.listener.example', exact: true })).toBeVisible();

    await page.keyboard.press('Shift+Tab');
    await tabTo(page, page.getByRole('link', { name: 'View user user40@aurora.listener.example' }));
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: 'User: user40@aurora.listener.example' })).toBeVisible();

    const transfers = page.getByRole('button', { name: 'View License Transfers' });
    await tabTo(page, transfers);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'License Transfers' });
    await expect(dialog).toBeVisible();
    await expect(dialog.locator(':focus')).toHaveCount(1);
    await noSeriousViolations(page);
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(transfers).toBeFocused();
  });
});
