import { expect, test, type Page } from '@playwright/test';
import { seriousViolations } from '../support/axe';
import { tabTo } from '../support/keyboard';
import { AURORA_STAFF } from '../support/stack';
import { apiGet, signInAndWait } from '../support/sign-in';

// The demo's editions (api-server/src/seed/policy-demo.ts): Aurora Reverb's Standard licences run 365 days with 14
// days' grace in the Standard edition (stems); Pro adds surround.
const REVERB = 'com.aurora.reverb';

interface DemoLicense {
  id: number;
  serial: string;
  license_type: string;
  disabled: boolean;
  user: { email: string };
}
interface Terms {
  edition: { name: string } | null;
  expires_at: string | null;
}

/** The newest enabled Standard licences of Aurora Reverb (`nth` 0 the newest): ones the other specs leave alone. */
async function reverbStandardLicense(page: Page, nth = 0) {
  const product = (
    await apiGet<{ data: { id: number; identifier: string }[] }>(page, `/products?identifier=${REVERB}&per_page=250`)
  ).data.find((each) => each.identifier === REVERB)!;
  const license = (await apiGet<{ data: DemoLicense[] }>(page, `/products/${product.id}/licenses?per_page=250`)).data
    .filter((each) => each.license_type === 'Standard' && !each.disabled)
    .sort((a, b) => b.id - a.id)[nth]!;
  return { product, license };
}

async function openMachines(page: Page, productId: number, license: DemoLicense) {
  await page.goto(`/Home/ProductLicenses/${productId}/Aurora%20Reverb/${REVERB}`);
  // The licensing remote loads on first use: slow on a machine shared by the whole team.
  await expect(page.getByRole('heading', { name: 'Licenses for product: Aurora Reverb' })).toBeVisible({
    timeout: 30_000,
  });
  await page.getByRole('searchbox', { name: 'Search User by Email' }).fill(license.user.email);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await page.getByRole('button', { name: `Machines of license ${license.serial}` }).click();
  return page.getByRole('dialog', { name: `Machines of License ${license.serial}` });
}

test.describe("a licence's terms in the console", () => {
  // Two dialogs with axe each, on a machine shared by the whole team.
  test.describe.configure({ timeout: 120_000 });

  test('changes the edition and renews it; the terms shown change and History lists both', async ({ page }) => {
    await signInAndWait(page, AURORA_STAFF);
    const { product, license } = await reverbStandardLicense(page);
    const before = await apiGet<Terms>(page, `/licenses/${license.id}/terms`);
    expect(before.edition?.name).toBe('Standard');

    const machines = await openMachines(page, product.id, license);
    const terms = machines.getByRole('list', { name: 'License terms' });
    await expect(terms).toContainText('Edition: Standard (stems)');

    // Change edition: the current one is marked and chosen.
    await machines.getByRole('button', { name: 'Change edition' }).click();
    const changeEdition = page.getByRole('dialog', { name: `Change Edition of License ${license.serial}` });
    const edition = changeEdition.getByRole('combobox', { name: /Edition/ });
    await expect(edition.locator('option:checked')).toHaveText('Standard (stems) (current)');
    expect(await seriousViolations(page)).toEqual([]);
    await edition.selectOption({ label: 'Pro (stems, surround)' });
    await changeEdition.getByRole('button', { name: 'Change edition' }).click();
    await expect(changeEdition).toHaveCount(0);
    await expect(terms).toContainText('Edition: Pro (stems, surround)');
    await expect(page.getByRole('status').filter({ hasText: `License ${license.serial} is now Pro.` })).toBeVisible();

    // Renew by the policy's duration: the date it offers is the expiry shown afterwards.
    await machines.getByRole('button', { name: 'Renew' }).click();
    const renew = page.getByRole('dialog', { name: `Renew License ${license.serial}` });
    const byDuration = renew.getByRole('combobox', { name: 'Renew' }).locator('option:checked');
    await expect(byDuration).toHaveText(/^By the policy's duration: 365 days, to /);
    const renewedTo = (await byDuration.textContent())!.replace(/^.*, to /, '');
    expect(await seriousViolations(page)).toEqual([]);
    await renew.getByRole('button', { name: 'Renew' }).click();
    await expect(renew).toHaveCount(0);
    await expect(terms).toContainText(`Expires: ${renewedTo} (14 days' grace)`);

    const after = await apiGet<Terms>(page, `/licenses/${license.id}/terms`);
    expect(after.edition?.name).toBe('Pro');
    expect(Date.parse(after.expires_at!) - Date.parse(before.expires_at!)).toBeGreaterThanOrEqual(
      365 * 24 * 60 * 60 * 1000 - 1000,
    );

    await machines.getByRole('button', { name: 'Close', exact: true }).click();
    await page.getByRole('button', { name: `History of license ${license.serial}` }).click();
    const history = page.getByRole('dialog', { name: `History of License ${license.serial}` });
    await expect(history).toContainText('Edition changed from Standard to Pro');
    await expect(history).toContainText('License renewed');
  });

  test('by keyboard only: each dialog opens with Enter, Escape closes it unchanged and focus returns to its button', async ({
    page,
  }) => {
    await signInAndWait(page, AURORA_STAFF);
    const { product, license } = await reverbStandardLicense(page, 1);
    const before = await apiGet<Terms>(page, `/licenses/${license.id}/terms`);
    const machines = await openMachines(page, product.id, license);
    await expect(machines.getByRole('list', { name: 'License terms' })).toContainText('Edition: Standard');

    for (const [button, title] of [
      ['Change edition', `Change Edition of License ${license.serial}`],
      ['Renew', `Renew License ${license.serial}`],
    ] as const) {
      const opener = machines.getByRole('button', { name: button, exact: true });
      await tabTo(page, opener, 40);
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog', { name: title });
      await expect(dialog).toBeVisible();
      // Focus moves into the dialog and stays there; its first control is reached by Tab.
      await expect(dialog.locator(':focus')).toHaveCount(1);
      await tabTo(page, dialog.getByRole('combobox').first(), 10);
      for (let press = 0; press < 6; press += 1) {
        await page.keyboard.press('Tab');
        await expect(dialog.locator(':focus')).toHaveCount(1);
      }
      await page.keyboard.press('Escape');
      await expect(dialog).toHaveCount(0);
      await expect(machines).toBeVisible();
      await expect(opener).toBeFocused();
    }
    expect(await apiGet<Terms>(page, `/licenses/${license.id}/terms`)).toEqual(before);
  });
});
