import { expect, test, type Locator, type Page } from '@playwright/test';
import { seriousViolations } from '../support/axe';
import { AURORA_STAFF } from '../support/stack';
import { apiGet, signInAndWait } from '../support/sign-in';

// The demo's floating product (api-server/src/seed/floating-demo.ts): Aurora Synth Engine's NFR licences have 5
// seats; its first NFR licence has a borrowed seat (and a renewing one, for its first 15 minutes).
const SYNTH_ENGINE = 'com.aurora.synth-engine';
const E2E_MACHINE = { hardware_fingerprint: 'HWFP2-E2E-SEATS-0001', machine_name: 'E2E Edit Bay' };

interface DemoLicense {
  id: number;
  serial: string;
  license_type: string;
  disabled: boolean;
  user: { email: string };
}
interface Seats {
  seats: number | null;
  leases: { id: string; hardware_fingerprint: string }[];
}

/** Presses Tab until `target` has focus: reachable by keyboard alone, in tab order. */
async function tabTo(page: Page, target: Locator, maxPresses = 250) {
  for (let press = 0; press < maxPresses; press += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  await expect(target).toBeFocused();
}

async function noHorizontalScroll(page: Page) {
  const widths = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, view: window.innerWidth }));
  expect(widths.scroll).toBeLessThanOrEqual(widths.view);
}

async function synthEngine(page: Page) {
  const product = (
    await apiGet<{ data: { id: number; identifier: string }[] }>(
      page,
      `/products?identifier=${SYNTH_ENGINE}&per_page=250`,
    )
  ).data.find((each) => each.identifier === SYNTH_ENGINE)!;
  const licenses = (await apiGet<{ data: DemoLicense[] }>(page, `/products/${product.id}/licenses?per_page=250`)).data
    .filter((license) => license.license_type === 'NFR' && !license.disabled)
    .sort((a, b) => a.id - b.id);
  return { product, licenses };
}

async function openMachines(page: Page, productId: number, license: DemoLicense) {
  await page.goto(`/Home/ProductLicenses/${productId}/Aurora%20Synth%20Engine/${SYNTH_ENGINE}`);
  // The licensing remote loads on first use: slow on a machine shared by the whole team.
  await expect(page.getByRole('heading', { name: 'Licenses for product: Aurora Synth Engine' })).toBeVisible({
    timeout: 30_000,
  });
  await page.getByRole('searchbox', { name: 'Search User by Email' }).fill(license.user.email);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await page.getByRole('button', { name: `Machines of license ${license.serial}` }).click();
  return page.getByRole('dialog', { name: `Machines of License ${license.serial}` });
}

test.describe('the seats of a floating licence, on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });
  // Two axe passes and a seat released on a machine shared by the whole team.
  test.describe.configure({ timeout: 120_000 });

  test('shows who holds its seats, releases one by keyboard after confirming, and the plugin loses it', async ({
    page,
  }) => {
    await signInAndWait(page, AURORA_STAFF);
    const { product, licenses } = await synthEngine(page);
    const license = licenses[0]!;
    // A plugin checks a seat out through the client API, as the C++ and JS libraries do.
    const checkout = await page.request.post('/api/v1/clients/app/seats/checkouts', {
      data: { product_id: product.id, serial: license.serial, ...E2E_MACHINE },
    });
    expect(checkout.status()).toBe(200);
    const lease = (await checkout.json()) as { lease_id: string };
    const inUse = (await apiGet<Seats>(page, `/licenses/${license.id}/leases`)).leases.length;
    expect(inUse).toBeGreaterThanOrEqual(2);

    const dialog = await openMachines(page, product.id, license);
    await expect(dialog.getByRole('heading', { name: `Seats: ${inUse} of 5 in use` })).toBeVisible();
    const seats = dialog.getByRole('table', { name: `Seats in use of license ${license.serial}` });
    await expect(seats.getByRole('row').filter({ hasText: 'Field Recorder Laptop' })).not.toContainText('Not borrowed');
    const ours = seats.getByRole('row').filter({ hasText: E2E_MACHINE.machine_name });
    await expect(ours).toContainText(E2E_MACHINE.hardware_fingerprint);
    await expect(ours).toContainText('Not borrowed');
    // On a phone each row is a card whose cells carry their column's name.
    expect(
      await ours.getByRole('cell').evaluateAll((cells) => cells.map((cell) => cell.getAttribute('data-label'))),
    ).toEqual(['Machine', 'Since', 'Expires', 'Borrowed Until', null]);
    expect(await seriousViolations(page)).toEqual([]);
    await noHorizontalScroll(page);

    const release = ours.getByRole('button', {
      name: `Release seat of ${E2E_MACHINE.machine_name} (${E2E_MACHINE.hardware_fingerprint})`,
    });
    await tabTo(page, release);
    await page.keyboard.press('Enter');
    const confirm = page.getByRole('dialog', { name: 'Release Seat' });
    await expect(confirm).toContainText(`The seat held by ${E2E_MACHINE.machine_name}`);
    expect(await seriousViolations(page)).toEqual([]);
    await tabTo(page, confirm.getByRole('button', { name: 'Release seat' }), 10);
    await page.keyboard.press('Enter');

    await expect(dialog.getByRole('heading', { name: `Seats: ${inUse - 1} of 5 in use` })).toBeVisible();
    await expect(seats.getByRole('row').filter({ hasText: E2E_MACHINE.machine_name })).toHaveCount(0);
    const heartbeat = await page.request.post('/api/v1/clients/app/seats/heartbeats', {
      data: {
        product_id: product.id,
        serial: license.serial,
        hardware_fingerprint: E2E_MACHINE.hardware_fingerprint,
        lease_id: lease.lease_id,
      },
    });
    expect(heartbeat.status()).toBe(404);
  });

  test('a floating licence with no seat in use says so', async ({ page }) => {
    await signInAndWait(page, AURORA_STAFF);
    const { product, licenses } = await synthEngine(page);
    let idle: DemoLicense | undefined;
    for (const license of licenses.slice(1))
      if ((await apiGet<Seats>(page, `/licenses/${license.id}/leases`)).leases.length === 0) idle = license;
    expect(idle).toBeDefined();
    const dialog = await openMachines(page, product.id, idle!);
    await expect(dialog.getByRole('heading', { name: 'Seats: 0 of 5 in use' })).toBeVisible();
    await expect(dialog.getByText('No seat is in use')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await noHorizontalScroll(page);
  });
});
