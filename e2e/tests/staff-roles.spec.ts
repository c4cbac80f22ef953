import { randomUUID } from 'node:crypto';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { AURORA_SUPPORT, AURORA_VIEWER } from '../support/stack';
import { apiGet, signInAndWait } from '../support/sign-in';

const CANNOT_EDIT_PRODUCTS = (role: string) =>
  `Your role (${role}) cannot create or edit products, features, editions or licence policies.`;

/** A control the role cannot use: in its place, focusable, saying why, and pressing it does nothing. */
async function expectLocked(page: Page, control: Locator, reason: string) {
  await expect(control).toHaveAttribute('aria-disabled', 'true');
  await expect(control).toHaveAttribute('title', reason);
  await control.focus();
  await expect(control).toBeFocused();
  const before = page.url();
  // Playwright waits for an aria-disabled control to be enabled: the click is forced, as a person's would land.
  await control.click({ force: true });
  await page.keyboard.press('Enter');
  expect(page.url()).toBe(before);
}

interface Product {
  id: number;
  name: string;
  identifier: string;
}

async function compressor(page: Page): Promise<Product> {
  const products = await apiGet<{ data: Product[] }>(page, '/products?identifier=com.aurora.compressor&per_page=250');
  return products.data.find((product) => product.identifier === 'com.aurora.compressor')!;
}

test.describe('staff roles', () => {
  test('support frees a customer machine but finds product editing disabled with the reason', async ({ page }) => {
    await signInAndWait(page, AURORA_SUPPORT);
    const product = await compressor(page);
    // A machine of the spec's own on an existing licence (no new user or licence: other specs count them).
    const licenses = await apiGet<{
      data: { id: number; serial: string; disabled: boolean; user: { email: string } }[];
    }>(page, `/products/${product.id}/licenses?per_page=250`);
    const license = [...licenses.data].filter((candidate) => !candidate.disabled).sort((a, b) => a.id - b.id)[0]!;
    const fingerprint = `HWFP2-ROLES-${randomUUID()}`;
    const activation = await page.request.post('/api/v1/clients/app/activations', {
      data: {
        product_id: product.id,
        serial: license.serial,
        hardware_fingerprint: fingerprint,
        hardware_fingerprint_version: 2,
        signature_seed_version: 5,
      },
    });
    expect(activation.status(), await activation.text()).toBe(200);

    await page.goto(`/Home/ProductLicenses/${product.id}/${encodeURIComponent(product.name)}/${product.identifier}`);
    await page.getByRole('searchbox', { name: 'Search User by Email' }).fill(license.user.email);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.getByRole('button', { name: `Machines of license ${license.serial}` }).click();
    const dialog = page.getByRole('dialog', { name: `Machines of License ${license.serial}` });
    const machine = dialog.getByRole('row').filter({ hasText: fingerprint });
    await machine.getByRole('button', { name: /^Deactivate machine/ }).click();
    await page
      .getByRole('dialog', { name: 'Deactivate Machine' })
      .getByRole('button', { name: 'Deactivate machine' })
      .click();
    await expect(machine).toContainText(/Deactivated \(by staff\) on /);
    await page.keyboard.press('Escape');

    await page.goto('/Home/MyProducts');
    await expectLocked(page, page.getByRole('link', { name: 'New Product' }), CANNOT_EDIT_PRODUCTS('Support'));
    await page.getByRole('link', { name: `Edit ${product.name}` }).click();
    await expect(page).toHaveURL(new RegExp(`/Home/UpdateProduct/${product.id}`));
    await expectLocked(page, page.getByRole('button', { name: 'Save' }), CANNOT_EDIT_PRODUCTS('Support'));
    // The server says the same, had the console let it through.
    const token = await page.evaluate(
      () => JSON.parse(localStorage.getItem('producthub_auth') ?? '{}').token as string,
    );
    const edit = await page.request.patch(`/api/v1/products/${product.id}`, {
      headers: { Authorization: `MSession ${token}` },
      data: { name: product.name },
    });
    expect(edit.status()).toBe(403);
    expect(await edit.json()).toEqual({ message: [CANNOT_EDIT_PRODUCTS('Support')] });
  });

  test('a viewer sees the console read-only', async ({ page }) => {
    await signInAndWait(page, AURORA_VIEWER);
    await page.goto('/Home/MyProducts');
    await expect(page.getByRole('table', { name: 'Products' }).getByRole('row').nth(1)).toBeVisible();
    await expectLocked(page, page.getByRole('link', { name: 'New Product' }), CANNOT_EDIT_PRODUCTS('Viewer'));

    await page.goto('/Home/Users');
    await expect(page.getByRole('table', { name: 'Users' }).getByRole('row').nth(1)).toBeVisible();
    const cannotEditUsers = 'Your role (Viewer) cannot create, edit or import end users.';
    await expectLocked(page, page.getByRole('link', { name: 'New User' }), cannotEditUsers);
    await expectLocked(page, page.getByRole('link', { name: 'Import' }), cannotEditUsers);
  });
});
