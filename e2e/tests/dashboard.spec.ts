import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { AURORA_STAFF, SUPERUSER } from '../support/stack';
import { apiGet, signInAndWait } from '../support/sign-in';

interface Paged {
  data: { id: number; name: string; identifier: string | null }[];
  pagination: { records: { total: number } };
}

/** The tenant's licences and trials, counted through the lists' own totals, product by product. */
async function countedThroughLists(page: Page) {
  const products = await apiGet<Paged>(page, '/products?per_page=250');
  expect(products.pagination.records.total).toBeLessThanOrEqual(250);
  const totals = await Promise.all(
    products.data.map(async (product) => ({
      licenses: (await apiGet<Paged>(page, `/products/${product.id}/licenses?per_page=1`)).pagination.records.total,
      trials: (await apiGet<Paged>(page, `/products/${product.id}/trials?per_page=1`)).pagination.records.total,
    })),
  );
  return {
    products: products.data,
    licenses: totals.reduce((sum, row) => sum + row.licenses, 0),
    trials: totals.reduce((sum, row) => sum + row.trials, 0),
  };
}

/** Serious and critical axe violations, with the figures, their tables and recent activity on the page. */
async function seriousViolations(page: Page): Promise<string[]> {
  await expect(page.getByRole('status', { name: /Loading/ })).toHaveCount(0);
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.help}`);
}

const card = (page: Page, label: string) =>
  page.getByRole('list', { name: 'Totals' }).getByRole('listitem').filter({ hasText: label });
const digits = (value: number) => value.toLocaleString('en-US');

test.describe('Dashboard', () => {
  test('the figures equal what the lists say, and a trial started by a plugin shows up today', async ({ page }) => {
    test.setTimeout(90_000);
    await signInAndWait(page, AURORA_STAFF);
    const before = await countedThroughLists(page);
    await expect(card(page, 'Licenses')).toHaveText(`Licenses${digits(before.licenses)}`);
    await expect(card(page, 'Trials started')).toHaveText(`Trials started${digits(before.trials)}`);
    await expect(
      page.getByText(
        'Use My Products for products, builds, releases, licenses and trials, and Users for your end users.',
      ),
    ).toBeVisible();

    // Aurora Compressor has a trial period, and no other spec counts its trials.
    const product = before.products.find((candidate) => candidate.identifier === 'com.aurora.compressor')!;
    const fingerprint = `E2E-DASHBOARD-${Date.now()}`;
    const trial = await page.request.post('/api/v1/clients/app/trials', {
      data: { product_id: product.id, hardware_fingerprint: fingerprint },
    });
    expect(trial.status()).toBe(201);

    await page.reload();
    const after = await countedThroughLists(page);
    expect(after.trials).toBe(before.trials + 1);
    await expect(card(page, 'Trials started')).toHaveText(`Trials started${digits(after.trials)}`);
    const today = new Date().toISOString().slice(0, 10);
    const perDay = page.getByRole('figure', { name: /per day, last 30 days/ });
    await perDay.getByText('Numbers per day').click();
    const todayRow = perDay.getByRole('row').filter({ hasText: today });
    await expect(todayRow).toHaveCount(1);
    const conversion = page.getByRole('figure', { name: 'Trial to license conversion per product' });
    const productTrials = (await apiGet<Paged>(page, `/products/${product.id}/trials?per_page=1`)).pagination.records
      .total;
    await expect(conversion.getByRole('row').filter({ hasText: product.name }).getByRole('cell').nth(1)).toHaveText(
      digits(productTrials),
    );
    await expect(page.getByRole('img', { name: /Activations and trials started per day/ })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Recent activity' }).getByRole('listitem').first()).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('the superuser sees the platform: manufacturers and licences across all', async ({ page }) => {
    await signInAndWait(page, SUPERUSER);
    const manufacturers = await apiGet<Paged>(page, '/manufacturers?per_page=1');
    await expect(card(page, 'Manufacturers')).toHaveText(
      `Manufacturers${digits(manufacturers.pagination.records.total)}`,
    );
    await expect(
      page.getByText('Use Manufacturers to review and edit the manufacturers on the platform.'),
    ).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });
});
