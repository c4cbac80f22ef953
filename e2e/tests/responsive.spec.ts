import { expect, test, type Page } from '@playwright/test';
import { seriousViolations } from '../support/axe';
import { apiGet, signInAndWait } from '../support/sign-in';
import { AURORA_STAFF, SUPERUSER } from '../support/stack';

// Every list and form page of both staff kinds on a phone and a laptop: nothing wider than the screen, every
// table's identifying column (and its actions) in view, and no serious or critical axe finding.
const VIEWPORTS = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'laptop', width: 1280, height: 800 },
];

interface Paged<T> {
  data: T[];
}

async function staffPages(page: Page): Promise<string[]> {
  const products = await apiGet<
    Paged<{ id: number; name: string; identifier: string | null; manufacturer_id: number }>
  >(page, '/products?per_page=25');
  const product = products.data[0];
  const builds = await apiGet<Paged<{ id: number }>>(page, `/products/${product.id}/builds`);
  const releases = await apiGet<Paged<{ id: number }>>(page, `/products/${product.id}/releases`);
  const users = await apiGet<Paged<{ id: number; email: string }>>(page, '/users');
  const user = users.data[0];
  const orders = await apiGet<Paged<{ id: number }>>(page, `/manufacturers/${product.manufacturer_id}/orders`);
  // The demo's reseller batches belong to Aurora Compressor: its page shows rows, not the empty state.
  const batched = products.data.find((each) => each.name === 'Aurora Compressor') ?? product;
  const name = encodeURIComponent(product.name);
  const email = encodeURIComponent(user.email);
  return [
    'Dashboard',
    'MyProducts',
    'CreateProduct',
    `UpdateProduct/${product.id}`,
    `ProductBuilds/${product.id}`,
    `BuildDetails/${product.id}/${builds.data[0].id}`,
    `ProductReleases/${product.id}`,
    `CreateRelease/${product.id}/`,
    `UpdateRelease/${product.id}/${releases.data[0].id}`,
    `ProductLicenses/${product.id}/${name}/${product.identifier || 'none'}`,
    `ProductTrials/${product.id}/${name}`,
    'Users',
    'Users/Import',
    'CreateUser',
    `EditUser/${user.id}/${email}`,
    `UserDetails/${user.id}`,
    `CreateUserLicense/${user.id}/${email}`,
    `ProductLicensing/${product.id}`,
    `Manufacturers/${products.data[0].manufacturer_id}/ApiKeys`,
    'MyDetails',
    'MySessions',
    'Security',
    'Orders',
    `Orders/${orders.data[0].id}`,
    `ProductBatches/${batched.id}`,
  ];
}

async function superuserPages(page: Page): Promise<string[]> {
  const manufacturers = await apiGet<Paged<{ id: number }>>(page, '/manufacturers');
  const first = manufacturers.data[0].id;
  return [
    'Dashboard',
    'Manufacturers',
    `Manufacturers/${first}`,
    `Manufacturers/${first}/ApiKeys`,
    `ManufacturerOrders/${first}`,
    'MySessions',
    'Security',
  ];
}

/** What the page looks like at this width: its overflow, and each table's first row's identifying and action cells. */
async function layoutOf(page: Page) {
  return page.evaluate(() => {
    const inView = (element: Element | null) => {
      if (!element) return null;
      const box = element.getBoundingClientRect();
      return box.width > 0 && box.left >= -0.5 && box.right <= innerWidth + 0.5;
    };
    const tables = [...document.querySelectorAll('main table')].map((table) => {
      const row = table.querySelector('tbody > tr[data-selected]');
      return {
        rows: row !== null,
        identifying: row ? inView(row.querySelector('td[data-pinned="start"], td[data-pinned="after-select"]')) : null,
        actions: row ? inView(row.querySelector('td[data-pinned="end"]')) : null,
      };
    });
    return { scrollWidth: document.scrollingElement!.scrollWidth, innerWidth, tables };
  });
}

async function expectFits(page: Page, path: string) {
  await page.goto(`/Home/${path}`);
  await expect(page.locator('main h1')).toBeVisible({ timeout: 15_000 });
  // Lists fill in after their heading: wait until no table shows its loading row.
  await expect(page.locator('main table').getByText('Loading...')).toHaveCount(0, { timeout: 15_000 });
  const layout = await layoutOf(page);
  expect(layout.scrollWidth, `${path}: page wider than the screen`).toBeLessThanOrEqual(layout.innerWidth);
  for (const table of layout.tables.filter((each) => each.rows)) {
    expect(table.identifying, `${path}: a table's identifying column is out of view`).toBe(true);
    if (table.actions !== null) expect(table.actions, `${path}: a table's actions are out of view`).toBe(true);
  }
  expect(await seriousViolations(page), path).toEqual([]);
}

for (const viewport of VIEWPORTS) {
  test.describe(`at ${viewport.width}×${viewport.height} (${viewport.name})`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test('every page of a manufacturer user fits, keeps tables identifiable and passes axe', async ({ page }) => {
      test.setTimeout(240_000);
      await signInAndWait(page, AURORA_STAFF);
      for (const path of await staffPages(page)) await expectFits(page, path);
    });

    test('every page of the Super User fits, keeps tables identifiable and passes axe', async ({ page }) => {
      test.setTimeout(120_000);
      await signInAndWait(page, SUPERUSER);
      for (const path of await superuserPages(page)) await expectFits(page, path);
    });
  });
}

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the main menu sits behind Menu, and a chosen page gets focus on its heading', async ({ page }) => {
    await signInAndWait(page, AURORA_STAFF);
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeFocused();
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
    await page.getByRole('button', { name: 'Menu', exact: true }).click();
    await page.getByRole('menuitem', { name: 'Users' }).click();
    await expect(page).toHaveURL(/\/Home\/Users$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeFocused();
  });

  test('a row is a card: its cells under their column names, its actions at its foot', async ({ page }) => {
    await signInAndWait(page, AURORA_STAFF);
    await page.goto('/Home/Users');
    const firstRow = page.locator('main table tbody tr[data-selected]').first();
    const email = firstRow.locator('td[data-label="Email"]');
    await expect(email).toBeVisible();
    const label = await email.evaluate((cell) => getComputedStyle(cell, '::before').content);
    expect(label).toBe('"Email"');
    const emailBox = (await email.boundingBox())!;
    const actionsBox = (await firstRow.locator('td[data-pinned="end"]').boundingBox())!;
    expect(actionsBox.y).toBeGreaterThan(emailBox.y);
  });
});

test('Skip to content is the first focusable element, shown when focused, and moves focus to the page heading', async ({
  page,
}) => {
  await signInAndWait(page, AURORA_STAFF);
  await page.goto('/Home/MyProducts');
  await expect(page.getByRole('heading', { level: 1, name: 'My Products' })).toBeFocused();
  const firstFocusable = await page.evaluate(
    () =>
      document.querySelector<HTMLElement>(
        'a[href], button:not([disabled]), input, select, textarea, [tabindex]:not([tabindex="-1"])',
      )?.textContent,
  );
  expect(firstFocusable).toBe('Skip to content');
  const skip = page.getByRole('link', { name: 'Skip to content' });
  await skip.focus();
  await expect(skip).toBeInViewport();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'My Products' })).toBeFocused();
});

// The manufacturer's own pages beside the lists above: its details, a webhook endpoint's delivery log, its sent
// mails and one mail, and the Super User's new-manufacturer form and My Details.
async function manufacturerPages(page: Page, manufacturerId: number): Promise<string[]> {
  const endpoints = await apiGet<Paged<{ id: number }>>(page, `/manufacturers/${manufacturerId}/webhook-endpoints`);
  const emails = await apiGet<Paged<{ id: number }>>(page, `/manufacturers/${manufacturerId}/emails`);
  expect(endpoints.data.length, 'the demo gives the manufacturer webhook endpoints').toBeGreaterThan(0);
  return [
    `Manufacturers/${manufacturerId}`,
    `Manufacturers/${manufacturerId}/Webhooks/${endpoints.data[0].id}`,
    `Manufacturers/${manufacturerId}/Emails`,
    ...(emails.data.length ? [`Manufacturers/${manufacturerId}/Emails/${emails.data[0].id}`] : []),
  ];
}

for (const viewport of VIEWPORTS) {
  test.describe(`a manufacturer's own pages at ${viewport.width}×${viewport.height} (${viewport.name})`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test('as its staff: details, a delivery log, sent mails and a mail fit and pass axe', async ({ page }) => {
      test.setTimeout(120_000);
      await signInAndWait(page, AURORA_STAFF);
      const products = await apiGet<Paged<{ manufacturer_id: number }>>(page, '/products?per_page=1');
      for (const path of await manufacturerPages(page, products.data[0].manufacturer_id)) await expectFits(page, path);
    });

    test('as the Super User: the same, New Manufacturer and My Details fit and pass axe', async ({ page }) => {
      test.setTimeout(120_000);
      await signInAndWait(page, SUPERUSER);
      const manufacturers = await apiGet<Paged<{ id: number }>>(page, '/manufacturers');
      const paths = [...(await manufacturerPages(page, manufacturers.data[0].id)), 'CreateManufacturer', 'MyDetails'];
      for (const path of paths) await expectFits(page, path);
    });
  });
}
