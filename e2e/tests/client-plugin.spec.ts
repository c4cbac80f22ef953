import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { buildCppPlugin, plugin, pluginMachine } from '../support/cpp-plugin';
import { AURORA_STAFF, E2E_BASE_URL } from '../support/stack';
import { publishBuild } from '../support/publish-build';
import { signInAndWait } from '../support/sign-in';
import { staffApi } from '../support/staff-api';

// The C++ example plugin (client-cpp) against the built stack, staff acting in Chromium.
// A Full product (it has a trial) and a demo user no other spec counts or changes.
const COMPRESSOR = { name: 'Aurora Compressor', identifier: 'com.aurora.compressor' };
const CUSTOMER = 'user36@aurora.listener.example';
const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

async function search(page: Page, placeholder: string, text: string) {
  await page.getByRole('searchbox', { name: placeholder }).fill(text);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
}

test.describe('the C++ example plugin against the real server', () => {
  test.beforeAll(() => {
    test.setTimeout(300_000);
    buildCppPlugin();
  });

  test('trial, console licence, activation, offline check, Beta update with its download, then revocation', async ({
    page,
    request,
  }) => {
    test.setTimeout(180_000);
    const api = await staffApi(request);
    const products = await api.get<{ data: { id: number; identifier: string }[] }>(
      `/products?identifier=${COMPRESSOR.identifier}&per_page=250`,
    );
    const productId = products.data.find((product) => product.identifier === COMPRESSOR.identifier)!.id;
    const product = await api.get<{ public_key: string; manufacturer_id: number; trial_days: number }>(
      `/products/${productId}`,
    );
    expect(product.trial_days).toBeGreaterThan(0);
    const fingerprint = `HWFP2-E2E-PLUGIN-${randomBytes(4).toString('hex').toUpperCase()}`;
    const state = mkdtempSync(join(tmpdir(), 'producthub-plugin-'));
    const common = pluginMachine({
      server: E2E_BASE_URL,
      productId,
      publicKey: product.public_key,
      fingerprint,
      stateDir: state,
      productIdentifier: COMPRESSOR.identifier,
    });

    // First run: a trial, signed by the product's key; asking again gives the same trial.
    const trial = plugin(common, 'trial');
    expect(trial.output).toMatchObject({ ok: true, created: true, expired: false });
    expect(trial.exit).toBe(0);
    const again = plugin(common, 'trial');
    expect(again.output).toMatchObject({ ok: true, created: false, expires_at: trial.output.expires_at });
    expect(plugin(common, 'verify').output).toMatchObject({ ok: true, kind: 'trial' });

    await signInAndWait(page, AURORA_STAFF);
    await page.goto(`/Home/ProductTrials/${productId}/${encodeURIComponent(COMPRESSOR.name)}`);
    await expect(page.getByRole('heading', { name: `Trials for product: ${COMPRESSOR.name}` })).toBeVisible();
    await search(page, 'Search Trial by Fingerprint', fingerprint);
    await expect(page.getByRole('cell', { name: fingerprint, exact: true })).toBeVisible();

    // Purchase: staff give the customer a licence in the console.
    const [customer] = (await api.get<{ data: { id: number }[] }>(`/users?email=${encodeURIComponent(CUSTOMER)}`)).data;
    const licencesOf = async () =>
      (
        await api.get<{ data: { id: number; serial: string; product_id: number }[] }>(
          `/users/${customer.id}/licenses?per_page=250`,
        )
      ).data;
    const before = new Set((await licencesOf()).map((licence) => licence.id));
    await page.goto('/Home/Users');
    await search(page, 'Search User by Email', CUSTOMER);
    await page.getByRole('link', { name: `Add license for ${CUSTOMER}` }).click();
    await expect(page.getByRole('heading', { name: 'Add License' })).toBeVisible();
    const productBox = page.getByRole('combobox', { name: 'Product' });
    await expect(productBox).toBeEnabled();
    await productBox.fill('compressor');
    await page.getByRole('option', { name: `${COMPRESSOR.name} (${COMPRESSOR.identifier})` }).click();
    await page.getByRole('combobox', { name: 'License Type' }).selectOption('Standard');
    await page.getByRole('button', { name: 'Create' }).click();
    await expect(page.getByRole('heading', { name: `User: ${CUSTOMER}` })).toBeVisible();
    const created = (await licencesOf()).filter((licence) => !before.has(licence.id));
    expect(created).toHaveLength(1);
    const { serial } = created[0];

    // Activation, then the file checks offline (a wrong key refuses it).
    const activation = plugin(common, 'activate', '--serial', serial.toLowerCase());
    expect(activation.output).toMatchObject({ ok: true, serial, user_email: CUSTOMER, license_type: 'Standard' });
    expect(plugin(common, 'verify').output).toMatchObject({ ok: true, kind: 'license', serial });
    const otherKey = [...common];
    otherKey[otherKey.indexOf('--public-key') + 1] = 'SjWE3+AKYotoQr1SxJWNjdp0QOmlF9H8Ff3SpdK/iYw=';
    const forged = plugin(otherKey, 'verify');
    expect(forged.output).toMatchObject({ ok: false, reason: 'bad-signature' });
    expect(forged.exit).toBe(3);

    // A Beta release with a build for any OS (setup through the API), not yet for this customer.
    const installer = randomBytes(64 * 1024);
    const folder = mkdtempSync(join(tmpdir(), 'producthub-plugin-build-'));
    writeFileSync(join(folder, 'AuroraCompressor-9.0.0.pkg'), installer);
    const buildId = await publishBuild(productId, { os: 'any', version: '9.0.0', buildNumber: 9001 }, [
      join(folder, 'AuroraCompressor-9.0.0.pkg'),
    ]);
    const release = await api.post<{ id: number }>(`/products/${productId}/releases`, {
      description: 'E2E plugin beta 9.0.0',
      builds: [buildId],
    });
    const check = () => plugin(common, 'check-updates', '--current-version', '1.0.0', '--os', 'macOS');
    expect(check().output).toMatchObject({ ok: true });
    expect(check().output.release_id).not.toBe(release.id);

    await page.getByRole('checkbox', { name: 'Beta' }).click();
    await page.getByRole('dialog', { name: 'Add to Beta Channel' }).getByRole('button', { name: 'Add' }).click();
    await expect(page.getByRole('dialog')).toBeHidden();
    await expect(page.getByRole('checkbox', { name: 'Beta' })).toBeChecked();
    // A member of Beta, but the release is not distributed yet.
    expect(check().output.release_id).not.toBe(release.id);

    await page.goto(`/Home/ProductReleases/${productId}`);
    await page.getByRole('link', { name: `Edit release ${release.id}` }).click();
    await expect(page.getByRole('heading', { name: `Update Release ${release.id}` })).toBeVisible();
    await page.getByRole('checkbox', { name: 'Beta' }).click();
    await page.getByRole('button', { name: 'Save' }).click();
    // A saved release stays on its page and says so (docs/console.md).
    await expect(page.getByRole('status').filter({ hasText: `Release ${release.id} saved.` })).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/Home/UpdateRelease/${productId}/${release.id}$`));
    await page.goto(`/Home/ProductReleases/${productId}`);
    await expect(page.getByRole('row', { name: /E2E plugin beta 9\.0\.0/ })).toContainText('Beta');

    const offered = check();
    expect(offered.output).toMatchObject({
      ok: true,
      update_available: true,
      release_id: release.id,
      version: '9.0.0.9001',
    });
    expect(offered.output.files).toEqual([
      expect.objectContaining({
        name: 'AuroraCompressor-9.0.0.pkg',
        size: installer.length,
        sha256: sha256(installer),
      }),
    ]);
    const downloads = join(state, 'downloads');
    const download = plugin(common, 'download', '--current-version', '1.0.0', '--os', 'macOS', '--out', downloads);
    expect(download.output).toMatchObject({ ok: true, update_available: true, version: '9.0.0.9001' });
    expect(download.exit).toBe(0);
    expect(sha256(readFileSync(join(downloads, 'AuroraCompressor-9.0.0.pkg')))).toBe(sha256(installer));

    // Nothing withdrawn while the licence holds.
    expect(plugin(common, 'revocations').output).toMatchObject({ ok: true, withdrawn: false });
    expect(existsSync(join(state, 'license.ops'))).toBe(true);

    // Staff deactivate the licence in the console; the plugin's next revocation check withdraws its file.
    await page.goto(
      `/Home/ProductLicenses/${productId}/${encodeURIComponent(COMPRESSOR.name)}/${COMPRESSOR.identifier}`,
    );
    await expect(page.getByRole('heading', { name: `Licenses for product: ${COMPRESSOR.name}` })).toBeVisible();
    await search(page, 'Search User by Email', CUSTOMER);
    const row = page.getByRole('row').filter({ hasText: serial });
    await row.getByRole('checkbox', { name: /^Deactivated / }).click();
    const dialog = page.getByRole('dialog', { name: 'Deactivate License' });
    await dialog.getByRole('combobox', { name: 'Reason for deactivation' }).selectOption('FraudulentUse');
    await dialog.getByRole('button', { name: 'Deactivate' }).click();
    await expect(row).toContainText('FraudulentUse');

    const revoked = plugin(common, 'revocations');
    expect(revoked.output).toMatchObject({ ok: true, withdrawn: true });
    expect(existsSync(join(state, 'license.ops'))).toBe(false);
    expect(plugin(common, 'verify').output).toMatchObject({ ok: true, kind: 'trial' });
    const refused = plugin(common, 'activate', '--serial', serial);
    expect(refused.exit).toBe(1);
  });
});

test('the API reference renders in Chromium from our own origin, under the CSP, with the client calls grouped', async ({
  page,
}) => {
  const refused: string[] = [];
  page.on('console', (message) => message.type() === 'error' && refused.push(message.text()));
  page.on(
    'request',
    (request) => new URL(request.url()).origin !== E2E_BASE_URL && refused.push(`request to ${request.url()}`),
  );
  await page.goto('/api/docs');
  // Swagger UI builds the whole API's reference in the page: beyond the default wait on a busy machine.
  await expect(page.getByRole('heading', { name: /ProductHub API/ })).toBeVisible({ timeout: 60_000 });
  const clientTag = page.locator('#operations-tag-client_API');
  await expect(clientTag).toBeVisible();
  await expect(
    page
      .locator('.opblock-tag-section')
      .filter({ has: clientTag })
      .getByText('/clients/app/activations', { exact: true }),
  ).toBeVisible();
  expect(refused).toEqual([]);
});
