import { readFileSync } from 'node:fs';
import { parse } from 'csv-parse/sync';
import { expect, test, type Page } from '@playwright/test';
import { AURORA_STAFF } from '../support/stack';
import { signInAndWait, storedToken } from '../support/sign-in';

/** A GET of the API as the signed-in user (the demo data is seeded per run, so ids are looked up, not assumed). */
async function apiGet<T>(page: Page, path: string): Promise<T> {
  const response = await page.request.get(`/api/v1${path}`, {
    headers: { Authorization: `MSession ${await storedToken(page)}` },
  });
  expect(response.status()).toBe(200);
  return (await response.json()) as T;
}

async function productByIdentifier(page: Page, identifier: string) {
  const products = await apiGet<{ data: { id: number; name: string; identifier: string; tagline: string | null }[] }>(
    page,
    `/products?identifier=${identifier}&per_page=250`,
  );
  return products.data.find((product) => product.identifier === identifier)!;
}

async function search(page: Page, placeholder: string, text: string) {
  await page.getByRole('searchbox', { name: placeholder }).fill(text);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
}

/**
 * Clicks Export CSV and answers the file's records (BOM skipped) as objects by header. `download`: a browser without a
 * save dialog (Firefox, Safari), the file comes as a download. `save dialog`: Chromium's showSaveFilePicker, answered
 * in the page (Playwright cannot drive the native dialog) by a file that keeps what the console streams into it.
 */
async function exportedRecords(page: Page, via: 'download' | 'save dialog'): Promise<Record<string, string>[]> {
  if (via === 'download') {
    await page.evaluate(() =>
      Object.defineProperty(window, 'showSaveFilePicker', { value: undefined, configurable: true }),
    );
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/\.csv$/);
    await expect(page.getByText(/^Exported [\d,]+ rows?\.$/)).toBeVisible();
    return parse(readFileSync(await file.path()), { bom: true, columns: true }) as Record<string, string>[];
  }
  await page.evaluate(() => {
    const file = { name: '', chunks: [] as number[][], closed: false };
    Object.assign(window, { exportedFile: file });
    const writer = {
      write: async (chunk: Uint8Array) => void file.chunks.push(Array.from(chunk)),
      close: async () => void (file.closed = true),
      abort: async () => undefined,
    };
    const picker = async ({ suggestedName }: { suggestedName: string }) => (
      (file.name = suggestedName),
      { createWritable: async () => writer }
    );
    Object.defineProperty(window, 'showSaveFilePicker', { value: picker, configurable: true });
  });
  await page.getByRole('button', { name: 'Export CSV' }).click();
  await expect(page.getByText(/^Exported [\d,]+ rows?\.$/)).toBeVisible();
  const file = await page.evaluate(() => {
    const { name, chunks, closed } = (
      window as unknown as { exportedFile: { name: string; chunks: number[][]; closed: boolean } }
    ).exportedFile;
    return { name, closed, text: new TextDecoder().decode(new Uint8Array(chunks.flat())), chunks: chunks.length };
  });
  expect(file).toMatchObject({ closed: true, name: expect.stringMatching(/\.csv$/) });
  expect(file.chunks).toBeGreaterThan(0);
  return parse(file.text, { bom: true, columns: true }) as Record<string, string>[];
}

test.describe('History', () => {
  test("an edited product's History shows the change in words, newest first", async ({ page }) => {
    await signInAndWait(page, AURORA_STAFF);
    const drums = await productByIdentifier(page, 'com.aurora.drum-engine');
    await page.goto(`/Home/UpdateProduct/${drums.id}`);
    await page.getByRole('textbox', { name: 'Tagline', exact: true }).fill('History end to end');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page).toHaveURL(/\/Home\/MyProducts$/);

    await page.getByRole('link', { name: `Edit ${drums.name}` }).click();
    await page.getByRole('button', { name: 'Show History' }).click();
    const history = page.getByRole('table', { name: `History of product ${drums.id}` });
    const newest = history.getByRole('row').nth(1);
    await expect(newest).toContainText(`Tagline: ${drums.tagline} → History end to end`);
    await expect(newest).toContainText('Product updated');
    await expect(newest).toContainText(AURORA_STAFF.email);
  });

  test("the demo shows history: the seeded edit of Aurora Compressor and its cancelled licence's row action", async ({
    page,
  }) => {
    await signInAndWait(page, AURORA_STAFF);
    const compressor = await productByIdentifier(page, 'com.aurora.compressor');
    await page.goto(`/Home/UpdateProduct/${compressor.id}`);
    await page.getByRole('button', { name: 'Show History' }).click();
    await expect(page.getByRole('table', { name: `History of product ${compressor.id}` })).toContainText(
      'Tagline: Aurora Compressor: made by Aurora Audio → Glue for your mix: the compressor of Aurora Audio',
    );

    // The seed's cancellation, not a later one of another spec (client-plugin deactivates a Compressor licence too).
    const disabled = (
      await apiGet<{ data: { object: { id: string }; changes: { summary: string }[] }[] }>(
        page,
        '/audit-events?object_type=license&action=license.disable&per_page=250',
      )
    ).data;
    const licenses = (
      await apiGet<{ data: { id: number; serial: string; user: { email: string } }[] }>(
        page,
        `/products/${compressor.id}/licenses?per_page=250`,
      )
    ).data;
    const cancelled = disabled
      .filter((event) => event.changes.some((change) => change.summary.includes('CancelledOrder')))
      .map((event) => event.object.id);
    const license = licenses.find((candidate) => cancelled.includes(String(candidate.id)))!;
    await page.goto(`/Home/ProductLicenses/${compressor.id}/Aurora%20Compressor/com.aurora.compressor`);
    await search(page, 'Search User by Email', license.user.email);
    await page.getByRole('button', { name: `History of license ${license.serial}` }).click();
    const dialog = page.getByRole('dialog', { name: `History of License ${license.serial}` });
    await expect(dialog).toContainText('Deactivated: no → yes (reason CancelledOrder)');
    await dialog.getByRole('button', { name: 'Close', exact: true }).click();
    await expect(dialog).toBeHidden();
  });
});

test.describe('CSV export', () => {
  test('a searched users list exports exactly its rows', async ({ page }) => {
    await signInAndWait(page, AURORA_STAFF);
    await page.getByRole('link', { name: 'Users' }).click();
    await search(page, 'Search User by Email', 'user1');
    const table = page.getByRole('table', { name: 'Users' });
    await expect(table.locator('tbody tr').filter({ hasNotText: 'user1' })).toHaveCount(0);
    await expect(table.locator('tbody tr').first()).toContainText('user1');
    // The Email column (ID, Email, Created At, Actions): every searched user fits the first page.
    const shown = await table.locator('tbody tr td:nth-child(2)').allInnerTexts();

    const records = await exportedRecords(page, 'download');
    expect(records.map((record) => record.Email).sort()).toEqual([...shown].sort());
    expect(records.length).toBeGreaterThan(0);
  });

  test("a product's licences searched by email export only that owner's licences", async ({ page }) => {
    await signInAndWait(page, AURORA_STAFF);
    const reverb = await productByIdentifier(page, 'com.aurora.reverb');
    await page.goto(`/Home/ProductLicenses/${reverb.id}/Aurora%20Reverb/com.aurora.reverb`);
    await search(page, 'Search User by Email', 'user03@');
    const table = page.getByRole('table', { name: 'Licenses of the product' });
    await expect(table.locator('tbody tr').filter({ hasNotText: 'user03@' })).toHaveCount(0);
    await expect(table.locator('tbody tr').first()).toContainText('user03@');
    const serials = await table.locator('tbody code').allInnerTexts();

    const records = await exportedRecords(page, 'save dialog');
    expect(records.map((record) => record.Serial).sort()).toEqual([...serials].sort());
    expect(new Set(records.map((record) => record.Email))).toEqual(new Set(['user03@aurora.listener.example']));
  });
  test("the progress says how many of the list's total have arrived", async ({ page }) => {
    await signInAndWait(page, AURORA_STAFF);
    await page.getByRole('link', { name: 'Users' }).click();
    await expect(page.getByRole('table', { name: 'Users' }).locator('tbody tr').first()).toBeVisible();
    // A chosen file that holds the first chunk until the test lets it go: the progress can be read mid-export.
    await page.evaluate(() => {
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      Object.assign(window, { releaseExport: release });
      const writer = { write: () => held, close: async () => undefined, abort: async () => undefined };
      const picker = async () => ({ createWritable: async () => writer });
      Object.defineProperty(window, 'showSaveFilePicker', { value: picker, configurable: true });
    });
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const progress = page.locator('[data-export-status]');
    await expect(progress).toHaveText(/^0 of [\d,]+ rows?$/);
    const total = (await progress.textContent())!.replace(/^0 of ([\d,]+) rows?$/, '$1');
    await page.evaluate(() => (window as unknown as { releaseExport: () => void }).releaseExport());
    await expect(progress).toHaveText(`Exported ${total} ${total === '1' ? 'row' : 'rows'}.`);
  });
});
