import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type APIRequestContext, type Download, type Page } from '@playwright/test';
import { AURORA_STAFF } from '../support/stack';
import { publishBuild } from '../support/publish-build';
import { signInAndWait } from '../support/sign-in';

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

interface Build {
  id: number;
  os: string;
  upload_confirmed: boolean;
}

async function staffApi(request: APIRequestContext) {
  const login = await request.post('/api/v1/systemusers/login', {
    data: { email: AURORA_STAFF.email, password: AURORA_STAFF.password },
  });
  const headers = { Authorization: `MSession ${(await login.json()).token}` };
  return {
    get: async <T>(path: string): Promise<T> => (await request.get(`/api/v1${path}`, { headers })).json() as Promise<T>,
    post: (path: string, data: object) => request.post(`/api/v1${path}`, { headers, data }),
  };
}

async function productIdOf(request: APIRequestContext, identifier: string): Promise<number> {
  const api = await staffApi(request);
  const products = await api.get<{ data: { id: number }[] }>(`/products?identifier=${encodeURIComponent(identifier)}`);
  return products.data[0].id;
}

async function createProduct(
  page: Page,
  fields: { type: string; name: string; identifier: string; dependency?: string; contentBaseDirectory?: string },
) {
  await page.getByRole('link', { name: 'New Product' }).click();
  await expect(page.getByRole('heading', { name: 'Create Product' })).toBeVisible();
  await page.getByRole('combobox', { name: 'Type', exact: true }).selectOption(fields.type);
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill(fields.name);
  await page.getByRole('textbox', { name: 'Plugin Name', exact: true }).fill(fields.name.replace(/\s+/g, ''));
  await page.getByRole('textbox', { name: 'Identifier', exact: true }).fill(fields.identifier);
  if (fields.dependency)
    await page.getByRole('combobox', { name: 'Dependency', exact: true }).selectOption({ label: fields.dependency });
  if (fields.contentBaseDirectory)
    await page.getByRole('textbox', { name: 'Content Base Directory', exact: true }).fill(fields.contentBaseDirectory);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/Home\/MyProducts$/);
}

test.describe('catalog: products, builds, files and releases', () => {
  test('creates a product of each type, edits one and copies its public key', async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await signInAndWait(page, AURORA_STAFF);
    await page.getByRole('link', { name: 'My Products' }).click();
    await expect(page.getByRole('table', { name: 'Products' })).toContainText('com.aurora.reverb');

    await createProduct(page, {
      type: 'PluginOnly',
      name: 'E2E Engine',
      identifier: 'com.e2e.engine',
      contentBaseDirectory: 'E2E/Content',
    });
    await createProduct(page, { type: 'Full', name: 'E2E Reverb', identifier: 'com.e2e.reverb' });
    await createProduct(page, {
      type: 'ContentOnly',
      name: 'E2E Library',
      identifier: 'com.e2e.library',
      dependency: 'E2E Engine (com.e2e.engine)',
    });

    await page.getByRole('searchbox', { name: 'Search Product by Identifier' }).fill('COM.E2E');
    await page.getByRole('button', { name: 'Search' }).click();
    const rows = page.getByRole('table', { name: 'Products' }).getByRole('row');
    await expect(rows).toHaveCount(4);
    await expect(page.getByRole('row', { name: /com\.e2e\.engine/ })).toContainText('PluginOnly');
    await expect(page.getByRole('row', { name: /com\.e2e\.reverb/ })).toContainText('Full');
    await expect(page.getByRole('row', { name: /com\.e2e\.library/ })).toContainText('ContentOnly');

    await page.getByRole('link', { name: 'Edit E2E Reverb' }).click();
    await expect(page.getByRole('heading', { name: /^Update Product \d+$/ })).toBeVisible();
    await page.getByRole('textbox', { name: 'Tagline', exact: true }).fill('Edited end to end');
    await page.getByRole('checkbox', { name: 'Deprecated' }).click();
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page).toHaveURL(/\/Home\/MyProducts$/);
    // The list state (the search) was remembered.
    await expect(page.getByRole('searchbox', { name: 'Search Product by Identifier' })).toHaveValue('COM.E2E');

    await page.getByRole('link', { name: 'Edit E2E Reverb' }).click();
    await expect(page.getByRole('textbox', { name: 'Tagline', exact: true })).toHaveValue('Edited end to end');
    await expect(page.getByRole('checkbox', { name: 'Deprecated' })).toBeChecked();
    const publicKey = await page.getByRole('textbox', { name: 'Public Key' }).inputValue();
    expect(Buffer.from(publicKey, 'base64')).toHaveLength(32);
    await page.getByRole('button', { name: 'Copy' }).click();
    await expect(page.getByText('Copied to clipboard!')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(publicKey);
    await expect(page.getByText('Copied to clipboard!')).toBeHidden({ timeout: 3000 });
    await page.getByRole('link', { name: 'Cancel' }).click();
    await expect(page).toHaveURL(/\/Home\/MyProducts$/);
  });

  test("a product's licences and trials open in the licensing remote", async ({ page }) => {
    await signInAndWait(page, AURORA_STAFF);
    await page.getByRole('link', { name: 'My Products' }).click();
    await page.getByRole('link', { name: 'Licenses of Aurora Reverb' }).click();
    await expect(page).toHaveURL(/\/Home\/ProductLicenses\/\d+\/Aurora%20Reverb\/com\.aurora\.reverb$/);
    await expect(page.getByRole('heading', { name: 'Licenses for product: Aurora Reverb' })).toBeVisible();
    await page.goBack();
    await page.getByRole('link', { name: 'Trials of Aurora Reverb' }).click();
    await expect(page).toHaveURL(/\/Home\/ProductTrials\/\d+\/Aurora%20Reverb$/);
    await expect(page.getByRole('heading', { name: 'Trials for product: Aurora Reverb' })).toBeVisible();
  });

  test('a build published with the CLI shows confirmed, and its file downloads intact', async ({ page, request }) => {
    const productId = await productIdOf(request, 'com.aurora.reverb');
    const folder = mkdtempSync(join(tmpdir(), 'e2e-build-'));
    const installer = randomBytes(256 * 1024);
    writeFileSync(join(folder, 'AuroraReverb-3.1.4.pkg'), installer);
    writeFileSync(join(folder, 'README.txt'), 'Drag the plugin into place.\n');
    const buildId = await publishBuild(productId, { os: 'macOS', version: '3.1.4', buildNumber: 900 }, [
      join(folder, 'AuroraReverb-3.1.4.pkg'),
      join(folder, 'README.txt'),
    ]);

    await signInAndWait(page, AURORA_STAFF);
    await page.goto(`/Home/ProductBuilds/${productId}`);
    const row = page.getByRole('row', { name: new RegExp(`^Select row build ${buildId}\\b`) });
    await expect(row).toContainText('3.1.4');
    await expect(row).toContainText('900');
    await expect(row.getByRole('cell').nth(5)).toHaveText('Yes');

    await page.getByRole('link', { name: `View details of build ${buildId}` }).click();
    await expect(
      page.getByRole('heading', { name: 'Build Files for Build 3.1.4, build number 900, macOS' }),
    ).toBeVisible();
    const fileRow = page.getByRole('row', { name: /AuroraReverb-3\.1\.4\.pkg/ });
    await expect(fileRow).toContainText('256.00 KB');
    await expect(fileRow).toContainText(sha256(installer));

    // The link opens a new tab that turns into a download; Chromium reports it on the opener or the new tab.
    const download = new Promise<Download>((resolveDownload) => {
      page.on('download', resolveDownload);
      page.context().on('page', (popup) => popup.on('download', resolveDownload));
    });
    await page.getByRole('link', { name: 'Download AuroraReverb-3.1.4.pkg' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('AuroraReverb-3.1.4.pkg');
    expect(sha256(readFileSync(await file.path()))).toBe(sha256(installer));

    await page.getByRole('link', { name: 'Back' }).click();
    await expect(page).toHaveURL(new RegExp(`/Home/ProductBuilds/${productId}$`));
  });

  test('selected builds make a release, which is distributed to a channel; a macOS-only build choice is blocked', async ({
    page,
    request,
  }) => {
    const productId = await productIdOf(request, 'com.aurora.compressor');
    const folder = mkdtempSync(join(tmpdir(), 'e2e-build-'));
    writeFileSync(join(folder, 'Compressor.pkg'), randomBytes(4096));
    const macBuildId = await publishBuild(productId, { os: 'macOS', version: '2.0.0', buildNumber: 200 }, [
      join(folder, 'Compressor.pkg'),
    ]);
    const api = await staffApi(request);
    const builds = await api.get<{ data: Build[] }>(`/products/${productId}/builds?per_page=100`);
    const windowsBuildId = builds.data.find((build) => build.os === 'Windows' && build.upload_confirmed)!.id;

    await signInAndWait(page, AURORA_STAFF);
    await page.goto(`/Home/ProductBuilds/${productId}`);
    const createRelease = page.getByRole('button', { name: 'Create Release' });
    await expect(createRelease).toBeDisabled();
    await page.getByRole('checkbox', { name: `Select row build ${macBuildId}` }).click();
    await page.getByRole('checkbox', { name: `Select row build ${windowsBuildId}` }).click();
    await createRelease.click();
    const ids = [macBuildId, windowsBuildId].sort((a, b) => a - b).join(',');
    await expect(page).toHaveURL(new RegExp(`/Home/CreateRelease/${productId}/${ids}$`));
    const releaseBuilds = page.getByRole('table', { name: 'Builds of the release' });
    await expect(releaseBuilds.getByRole('row')).toHaveCount(3);
    await page.getByRole('textbox', { name: 'Description' }).fill('E2E release 2.0.0');
    await page.getByRole('textbox', { name: 'App Version Min' }).fill('2.0');
    await page.getByRole('button', { name: 'Save' }).click();
    // A save stays on (a new release opens at) the saved release, with a confirmation.
    await expect(page).toHaveURL(new RegExp(`/Home/UpdateRelease/${productId}/\\d+$`));
    const releaseId = Number(/UpdateRelease\/\d+\/(\d+)/.exec(page.url())![1]);
    await expect(page.getByRole('status').filter({ hasText: `Release ${releaseId} saved.` })).toBeVisible();
    await page.getByRole('checkbox', { name: 'Beta' }).click();
    const saved = page.waitForResponse(
      (response) => response.request().method() === 'PATCH' && response.url().endsWith(`/releases/${releaseId}`),
    );
    await page.getByRole('button', { name: 'Save' }).click();
    expect((await saved).status()).toBe(200);
    await page.goto(`/Home/ProductReleases/${productId}`);
    await expect(page.getByRole('row', { name: /E2E release 2\.0\.0/ })).toContainText('Beta');

    await page.getByRole('link', { name: `Edit release ${releaseId}` }).click();
    await expect(page.getByRole('checkbox', { name: 'Beta' })).toBeChecked();
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Select Builds' });
    await dialog.getByRole('checkbox', { name: `Select row build ${windowsBuildId}` }).click();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Cannot Distribute release with current Build choices.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Save' })).toBeDisabled();
    await page.getByRole('button', { name: /About distributing a release/ }).click();
    await expect(page.getByRole('dialog', { name: 'Distributing a Release' })).toContainText(
      'A Release needs at least one Build for Windows and MacOS, or alternatively a build for any OS, to be released to a Distribution Channel.',
    );
    await page.getByRole('button', { name: 'OK' }).click();

    // The server holds the same rule for anyone calling the API directly.
    const macOnly = await (
      await api.post(`/products/${productId}/releases`, { description: 'mac only', builds: [macBuildId] })
    ).json();
    const { manufacturer_id: manufacturerId } = await api.get<{ manufacturer_id: number }>(`/products/${productId}`);
    const channels = await api.get<{ id: number }[]>(`/manufacturers/${manufacturerId}/channels`);
    const refused = await api.post(`/manufacturers/${manufacturerId}/channels/${channels[0].id}/releases`, {
      product_release_id: macOnly.id,
    });
    expect(refused.status()).toBe(409);
    expect((await refused.json()).message[0]).toMatch(/^Cannot Distribute release with current Build choices\./);
  });
});
