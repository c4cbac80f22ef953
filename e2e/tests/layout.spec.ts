import { join } from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { AURORA_STAFF } from '../support/stack';
import { signInAndWait, storedToken } from '../support/sign-in';

// What a user sees at common laptop and desktop widths: the actions of wide tables stay in view without
// scrolling sideways, search boxes show their whole placeholder, long names neither cut nor push actions onto a
// second line. The screenshots are for a person to look at (e2e/test-results/layout/).
const WIDTHS = [1024, 1280, 1440];
const SCREENSHOTS = join(__dirname, '../test-results/layout');
const REVERB = 'com.aurora.reverb';
const LONG_NAME = 'Aurora Granular Spectral Convolution Reverb Suite Deluxe';
const LONG_IDENTIFIER = 'com.aurora.granular-reverb-suite';

/** A call of the API as the signed-in user of `page`. */
async function api(page: Page, method: 'GET' | 'POST', path: string, data?: object) {
  const headers = { Authorization: `MSession ${await storedToken(page)}` };
  return method === 'GET'
    ? page.request.get(`/api/v1${path}`, { headers })
    : page.request.post(`/api/v1${path}`, { headers, data });
}

async function productByIdentifier(
  page: Page,
  identifier: string,
): Promise<{ id: number; public_key: string } | undefined> {
  const products = (await (
    await api(page, 'GET', `/products?identifier=${encodeURIComponent(identifier)}`)
  ).json()) as {
    data: { id: number; identifier: string; public_key: string }[];
  };
  return products.data.find((product) => product.identifier === identifier);
}

/** A product with a long name and identifier, as real catalogues have them (made once per run). */
async function ensureLongNamedProduct(page: Page) {
  if (await productByIdentifier(page, LONG_IDENTIFIER)) return;
  const created = await api(page, 'POST', '/products', {
    type: 'PluginOnly',
    name: LONG_NAME,
    plugin_name: 'GranularSpectralConvolutionReverbSuite',
    identifier: LONG_IDENTIFIER,
    content_base_directory: 'Aurora/Granular',
  });
  expect(created.status()).toBe(201);
}

/** Inside the viewport as the page stands (nothing scrolled), and not covered by anything else. */
async function expectInView(page: Page, control: Locator) {
  const box = (await control.boundingBox())!;
  const viewport = page.viewportSize()!;
  expect({ left: box.x >= 0, right: box.x + box.width <= viewport.width }).toEqual({ left: true, right: true });
  const onTop = await control.evaluate(
    (element, [x, y]) => element.contains(document.elementFromPoint(x, y)),
    [box.x + box.width / 2, box.y + box.height / 2],
  );
  expect(onTop).toBe(true);
}

/** The width the placeholder needs in the input's own font, and the width the input has for text. */
async function placeholderRoom(input: Locator) {
  return input.evaluate((element: HTMLInputElement) => {
    const style = getComputedStyle(element);
    const context = document.createElement('canvas').getContext('2d')!;
    context.font = `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    const needed = Math.ceil(context.measureText(element.placeholder).width);
    const available = element.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    return { fits: needed <= available, needed, available };
  });
}

async function expectWholePlaceholder(page: Page, placeholder: string) {
  const room = await placeholderRoom(page.getByRole('searchbox', { name: placeholder }));
  expect({ placeholder, ...room }).toEqual({ placeholder, fits: true, needed: room.needed, available: room.available });
}

/** Every button or link of a row's actions: in view, and on one line. */
async function expectActionsInViewOnOneLine(page: Page, actions: Locator[]) {
  const tops = new Set<number>();
  for (const action of actions) {
    await expectInView(page, action);
    tops.add(Math.round((await action.boundingBox())!.y));
  }
  expect(tops.size).toBe(1);
}

async function screenshot(page: Page, name: string, width: number) {
  await page.screenshot({ path: join(SCREENSHOTS, `${name}-${width}.png`) });
}

/** The row checkbox is centred on the row's text line (it used to sit a few pixels above it). */
async function expectCheckboxOnTextLine(row: Locator, checkbox: Locator, text: Locator) {
  const box = (await checkbox.boundingBox())!;
  const textBox = (await text.boundingBox())!;
  const offset = Math.abs(box.y + box.height / 2 - (textBox.y + textBox.height / 2));
  expect(offset).toBeLessThanOrEqual(1.5);
  await expect(row).toBeVisible();
}

test.describe('layout at 1024, 1280 and 1440 px', () => {
  for (const width of WIDTHS) {
    test(`My Products, Product Licences and User Details keep their actions in view at ${width} px`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: 900 });
      await signInAndWait(page, AURORA_STAFF);
      await ensureLongNamedProduct(page);

      // My Products at 100 rows per page, with a long product name among them.
      await page.getByRole('link', { name: 'My Products' }).click();
      await expect(page.getByRole('table', { name: 'Products' })).toContainText(REVERB);
      await page.getByLabel('Per page').selectOption('100');
      await expect(page.getByRole('table', { name: 'Products' })).toContainText(LONG_NAME);
      await expectWholePlaceholder(page, 'Search Product by Identifier');
      for (const name of ['Aurora Reverb', LONG_NAME]) {
        await expectActionsInViewOnOneLine(
          page,
          ['Edit', 'Builds of', 'Releases of', 'Licenses of', 'Trials of'].map((action) =>
            page.getByRole('link', { name: action === 'Edit' ? `Edit ${name}` : `${action} ${name}`, exact: true }),
          ),
        );
      }
      await screenshot(page, 'my-products', width);

      // Product Licences: Deactivated, dates, Download and Transfer.
      const reverb = (await productByIdentifier(page, REVERB))!;
      await page.goto(`/Home/ProductLicenses/${reverb.id}/Aurora%20Reverb/${REVERB}`);
      await expect(page.getByRole('heading', { name: 'Licenses for product: Aurora Reverb' })).toBeVisible();
      const licenseRow = page.getByRole('row').nth(1);
      await expect(licenseRow.getByRole('button', { name: /^Download license / })).toBeVisible();
      await expectWholePlaceholder(page, 'Search User by Email');
      await expectActionsInViewOnOneLine(page, [
        licenseRow.getByRole('button', { name: /^Download license / }),
        licenseRow.getByRole('button', { name: /^Transfer license / }),
      ]);
      await expectCheckboxOnTextLine(
        licenseRow,
        licenseRow.getByRole('checkbox', { name: /^Select row / }),
        licenseRow.getByRole('cell').nth(2),
      );
      await screenshot(page, 'product-licences', width);

      // User Details: the same licence table with three more columns.
      await page.getByRole('link', { name: 'Users' }).click();
      await expectWholePlaceholder(page, 'Search User by Email');
      await page.getByRole('searchbox', { name: 'Search User by Email' }).fill('user08@aurora.listener.example');
      await page.getByRole('button', { name: 'Search', exact: true }).click();
      await page.getByRole('link', { name: 'View user user08@aurora.listener.example' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'User: user08@aurora.listener.example' })).toBeVisible();
      const userLicenseRow = page.getByRole('table', { name: /licen/i }).getByRole('row').nth(1);
      await expect(userLicenseRow.getByRole('button', { name: /^Download license / })).toBeVisible();
      await expectActionsInViewOnOneLine(page, [
        userLicenseRow.getByRole('button', { name: /^Download license / }),
        userLicenseRow.getByRole('button', { name: /^Transfer license / }),
      ]);
      await expect(page.getByRole('link', { name: 'Users' })).toHaveAttribute('aria-current', 'location');
      await screenshot(page, 'user-details', width);
    });
  }

  test('the product form shows the whole public key and a long dependency name', async ({ page }) => {
    await page.setViewportSize({ width: 1024, height: 900 });
    await signInAndWait(page, AURORA_STAFF);
    await ensureLongNamedProduct(page);
    const reverb = (await productByIdentifier(page, REVERB))!;

    await page.goto(`/Home/UpdateProduct/${reverb.id}`);
    const key = page.getByRole('textbox', { name: 'Public Key' });
    await expect(key).toHaveValue(reverb.public_key);
    const keyShown = await key.evaluate(
      (element) => element.scrollHeight <= element.clientHeight && element.scrollWidth <= element.clientWidth,
    );
    expect(keyShown).toBe(true);
    await key.scrollIntoViewIfNeeded();
    await expectInView(page, page.getByRole('button', { name: 'Copy' }));
    await screenshot(page, 'public-key', 1024);

    await page.goto('/Home/CreateProduct');
    await page.getByRole('combobox', { name: 'Type', exact: true }).selectOption('ContentOnly');
    const dependency = page.getByRole('combobox', { name: 'Dependency', exact: true });
    await dependency.selectOption({ label: `${LONG_NAME} (${LONG_IDENTIFIER})` });
    const room = await dependency.evaluate((element: HTMLSelectElement) => {
      const style = getComputedStyle(element);
      const context = document.createElement('canvas').getContext('2d')!;
      context.font = `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const needed = Math.ceil(context.measureText(element.selectedOptions[0].text).width);
      // The drop-down arrow takes about 20 px of the inner width.
      const available = element.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - 20;
      return { fits: needed <= available, needed, available };
    });
    expect(room).toEqual({ fits: true, needed: room.needed, available: room.available });
    await dependency.scrollIntoViewIfNeeded();
    await screenshot(page, 'dependency', 1024);
  });

  test('the sign-in page shows the version and the environment label', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
    await expect(page.getByRole('contentinfo')).toContainText(/ProductHub \S+/);
    await expect(page.getByRole('contentinfo')).toContainText('e2e');
    await screenshot(page, 'sign-in', 1280);
  });
});
