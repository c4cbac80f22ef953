import { expect, test, type Page } from '@playwright/test';
import { seriousViolations } from '../support/axe';
import { apiGet, signInAndWait } from '../support/sign-in';
import { AURORA_STAFF } from '../support/stack';

// The console's dialogs (its forms that are not pages) on a phone and a laptop: each opens inside the screen,
// nothing is wider than the screen behind it, and axe finds nothing serious with the dialog open.
const VIEWPORTS = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'laptop', width: 1280, height: 800 },
];

interface Paged<T> {
  data: T[];
}

interface DialogStop {
  path: string;
  /** The button that opens the dialog (the first one of that name on the page). */
  opener: string | RegExp;
}

async function dialogStops(page: Page): Promise<DialogStop[]> {
  const products = await apiGet<
    Paged<{ id: number; name: string; identifier: string | null; manufacturer_id: number }>
  >(page, '/products?per_page=25');
  const product = products.data[0];
  const batched = products.data.find((each) => each.name === 'Aurora Compressor') ?? product;
  const manufacturer = product.manufacturer_id;
  const orders = await apiGet<Paged<{ id: number; status: string }>>(page, `/manufacturers/${manufacturer}/orders`);
  const paid = orders.data.find((order) => order.status === 'completed') ?? orders.data[0];
  const licenses = `ProductLicenses/${product.id}/${encodeURIComponent(product.name)}/${product.identifier || 'none'}`;
  return [
    { path: licenses, opener: /^Transfer license / },
    { path: licenses, opener: /^Machines of license / },
    { path: licenses, opener: /^History of license / },
    { path: `Orders/${paid.id}`, opener: 'Refund' },
    { path: `ProductBatches/${batched.id}`, opener: 'New batch' },
    { path: `ProductBatches/${batched.id}`, opener: /^Void unsold serials of the batch for / },
    { path: `Manufacturers/${manufacturer}/ApiKeys`, opener: 'Create key' },
    { path: `Manufacturers/${manufacturer}`, opener: 'Add endpoint' },
  ];
}

async function expectDialogFits(page: Page, { path, opener }: DialogStop) {
  await page.goto(`/Home/${path}`);
  await expect(page.locator('main h1')).toBeVisible({ timeout: 15_000 });
  const button = page.getByRole('button', { name: opener, exact: typeof opener === 'string' }).first();
  await expect(button).toBeEnabled({ timeout: 15_000 });
  await button.click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  // Wait for what the dialog loads (machines, history) before judging its size.
  await expect(dialog.getByText('Loading...')).toHaveCount(0, { timeout: 15_000 });
  const layout = await dialog.evaluate((element) => {
    const box = element.getBoundingClientRect();
    return {
      left: box.left,
      right: box.right,
      innerWidth,
      scrollWidth: document.scrollingElement!.scrollWidth,
      overflowing: element.scrollWidth - element.clientWidth,
    };
  });
  const where = `${path} › ${String(opener)}`;
  expect(layout.left, `${where}: the dialog starts off screen`).toBeGreaterThanOrEqual(-0.5);
  expect(layout.right, `${where}: the dialog ends off screen`).toBeLessThanOrEqual(layout.innerWidth + 0.5);
  expect(layout.scrollWidth, `${where}: the page is wider than the screen`).toBeLessThanOrEqual(layout.innerWidth);
  expect(await seriousViolations(page), where).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
}

for (const viewport of VIEWPORTS) {
  test.describe(`dialogs at ${viewport.width}×${viewport.height} (${viewport.name})`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test('every dialog of a manufacturer user opens inside the screen and passes axe', async ({ page }) => {
      test.setTimeout(180_000);
      await signInAndWait(page, AURORA_STAFF);
      for (const stop of await dialogStops(page)) await expectDialogFits(page, stop);
    });
  });
}
