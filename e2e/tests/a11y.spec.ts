import { expect, test, type Page } from '@playwright/test';
import { AURORA_STAFF, SUPERUSER } from '../support/stack';
import { seriousViolations } from '../support/axe';
import { apiGet, signInAndWait } from '../support/sign-in';

const REVERB = 'com.aurora.reverb';

async function expectAccessible(page: Page, path: string, heading: string | RegExp) {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  // Let lists finish loading so their rows are checked too.
  await expect(page.getByRole('status', { name: /Loading/ })).toHaveCount(0);
  expect(await seriousViolations(page), path).toEqual([]);
}

test.describe('accessibility (axe: no serious or critical violation)', () => {
  test('sign-in page', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });

  test("every manufacturer's screen", async ({ page }) => {
    test.setTimeout(120_000);
    await signInAndWait(page, AURORA_STAFF);
    expect(await seriousViolations(page), 'Dashboard').toEqual([]);
    const products = await apiGet<{ data: { id: number; identifier: string; name: string }[] }>(
      page,
      `/products?identifier=${REVERB}&per_page=250`,
    );
    const reverb = products.data.find((product) => product.identifier === REVERB)!;
    const builds = await apiGet<{ data: { id: number }[] }>(page, `/products/${reverb.id}/builds`);
    const releases = await apiGet<{ data: { id: number }[] }>(page, `/products/${reverb.id}/releases`);
    const users = await apiGet<{ data: { id: number; email: string }[] }>(page, '/users?search=user10%40&per_page=250');
    const user = users.data[0];

    await expectAccessible(page, '/Home/MyProducts', 'My Products');
    await expectAccessible(page, '/Home/CreateProduct', /Product/);
    await expectAccessible(page, `/Home/UpdateProduct/${reverb.id}`, /Product/);
    await expectAccessible(page, `/Home/ProductBuilds/${reverb.id}`, /Builds/);
    await expectAccessible(page, `/Home/BuildDetails/${reverb.id}/${builds.data[0].id}`, /Build/);
    await expectAccessible(page, `/Home/ProductReleases/${reverb.id}`, /Releases/);
    await expectAccessible(page, `/Home/CreateRelease/${reverb.id}`, /Release/);
    await expectAccessible(page, `/Home/UpdateRelease/${reverb.id}/${releases.data[0].id}`, /Release/);
    await expectAccessible(
      page,
      `/Home/ProductLicenses/${reverb.id}/Aurora%20Reverb/${REVERB}`,
      'Licenses for product: Aurora Reverb',
    );
    await expectAccessible(page, `/Home/ProductTrials/${reverb.id}/Aurora%20Reverb`, /Trials/);
    await expectAccessible(page, '/Home/Users', 'Users');
    await expectAccessible(page, '/Home/CreateUser', /User/);
    await expectAccessible(page, `/Home/UserDetails/${user.id}`, `User: ${user.email}`);
    await expectAccessible(page, `/Home/EditUser/${user.id}/${user.email}`, /User/);
    await expectAccessible(page, `/Home/CreateUserLicense/${user.id}/${user.email}`, 'Add License');
    await expectAccessible(page, '/Home/MyDetails', /Details|Aurora/);
  });

  test("the superuser's screens", async ({ page }) => {
    await signInAndWait(page, SUPERUSER);
    expect(await seriousViolations(page), 'Dashboard').toEqual([]);
    const manufacturers = await apiGet<{ data: { id: number }[] }>(page, '/manufacturers?per_page=250');
    await expectAccessible(page, '/Home/Manufacturers', /Manufacturers/);
    await expectAccessible(page, `/Home/Manufacturers/${manufacturers.data[0].id}`, /.+/);
    await expectAccessible(page, '/Home/CreateManufacturer', /Manufacturer/);
  });
});
