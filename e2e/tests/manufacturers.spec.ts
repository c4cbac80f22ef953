import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { AURORA_STAFF, NIMBUS_STAFF, SUPERUSER } from '../support/stack';
import { signInAndWait } from '../support/sign-in';

interface ManufacturerRecord {
  id: number;
  name: string;
  email: string | null;
  phone: string | null;
  country_code: string | null;
}

async function tokenOf(request: APIRequestContext, login: { email: string; password: string }): Promise<string> {
  const response = await request.post('/api/v1/systemusers/login', {
    data: { email: login.email, password: login.password },
  });
  expect(response.status()).toBe(200);
  return (await response.json()).token as string;
}

/** The demo manufacturers by name, read through the API as the superuser. */
async function demoManufacturers(request: APIRequestContext): Promise<Record<string, ManufacturerRecord>> {
  const token = await tokenOf(request, SUPERUSER);
  const response = await request.get('/api/v1/manufacturers?per_page=250', {
    headers: { Authorization: `MSession ${token}` },
  });
  const { data } = (await response.json()) as { data: ManufacturerRecord[] };
  return Object.fromEntries(data.map((manufacturer) => [manufacturer.name, manufacturer]));
}

/** Puts a manufacturer's fields back, so the other specs see the demo data as seeded. */
async function restore(request: APIRequestContext, id: number, fields: Partial<ManufacturerRecord>) {
  const token = await tokenOf(request, SUPERUSER);
  const response = await request.patch(`/api/v1/manufacturers/${id}`, {
    headers: { Authorization: `MSession ${token}` },
    data: fields,
  });
  expect(response.status()).toBe(200);
}

const field = (page: Page, label: string) => page.getByRole('textbox', { name: label, exact: true });

test.describe('manufacturers as the superuser', () => {
  test('the list shows every manufacturer, paged, without search, New Manufacturer disabled', async ({ page }) => {
    await signInAndWait(page, SUPERUSER);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Manufacturers' }).click();
    await expect(page.getByRole('heading', { name: 'Manufacturers' })).toBeVisible();
    const table = page.getByRole('table', { name: 'Manufacturers' });
    await expect(table.getByRole('columnheader')).toHaveText(['ID', 'Name', 'Email', 'Country Code', 'Actions']);
    await expect(table.getByRole('row').filter({ hasText: 'Aurora Audio' })).toContainText(
      'hello@aurora-audio.example',
    );
    await expect(table.getByRole('row').filter({ hasText: 'Nimbus Instruments' })).toContainText('US');
    await expect(page.getByRole('search')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'New Manufacturer' })).toBeDisabled();
    await expect(page.getByRole('navigation', { name: 'Pagination' })).toContainText('2 records');
    await expect(page.getByLabel('Per page')).toHaveValue('100');
  });

  test('View Details, Edit, Save Changes: saved, then back to the list after 2 s with the change', async ({
    page,
    request,
  }) => {
    const nimbus = (await demoManufacturers(request))['Nimbus Instruments'];
    try {
      await signInAndWait(page, SUPERUSER);
      await page.goto('/Home/Manufacturers');
      await page.getByRole('link', { name: 'View Details of Nimbus Instruments' }).click();
      await expect(page).toHaveURL(new RegExp(`/Home/Manufacturers/${nimbus.id}\\?returnTo=%2FHome%2FManufacturers$`));
      await expect(field(page, 'Name')).toHaveValue('Nimbus Instruments');
      await expect(field(page, 'Email')).not.toBeEditable();
      await expect(field(page, 'Manufacturer Pool ID')).toHaveValue('pool-nimbus-eu-1');

      await page.getByRole('button', { name: 'Edit' }).click();
      await expect(page.getByRole('button', { name: 'Save Changes' })).toBeDisabled();
      await field(page, 'Email').fill('sales@nimbus-instruments.example');
      await page.getByRole('button', { name: 'Save Changes' }).click();
      await expect(page.getByText('Manufacturer updated successfully!')).toBeVisible();
      const savedAt = Date.now();

      await expect(page).toHaveURL(/\/Home\/Manufacturers$/, { timeout: 5000 });
      expect(Date.now() - savedAt).toBeGreaterThanOrEqual(1500);
      await expect(
        page.getByRole('table', { name: 'Manufacturers' }).getByRole('row').filter({ hasText: 'Nimbus Instruments' }),
      ).toContainText('sales@nimbus-instruments.example');
    } finally {
      await restore(request, nimbus.id, { email: nimbus.email });
    }
  });

  test('Cancel resets the form; bad input is refused with a clear message and saves nothing', async ({
    page,
    request,
  }) => {
    const aurora = (await demoManufacturers(request))['Aurora Audio'];
    await signInAndWait(page, SUPERUSER);
    await page.goto(`/Home/Manufacturers/${aurora.id}`);
    await page.getByRole('button', { name: 'Edit' }).click();
    await field(page, 'Name').fill('');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText('Name is required.')).toBeVisible();
    await field(page, 'Name').fill('Aurora');
    await field(page, 'Country Code').fill('DEU');
    await expect(field(page, 'Country Code')).toHaveValue('DE');
    await field(page, 'Country Code').fill('1');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText('Country Code must be 2 letters, e.g. US, DE, UK.')).toBeVisible();
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(field(page, 'Name')).toHaveValue('Aurora Audio');
    await expect(field(page, 'Country Code')).toHaveValue('DE');
    expect((await demoManufacturers(request))['Aurora Audio']).toEqual(aurora);

    // Opened without returnTo: Back goes to the manufacturers list.
    await page.getByRole('button', { name: 'Back' }).click();
    await expect(page).toHaveURL(/\/Home\/Manufacturers$/);
  });

  test('a missing manufacturer and My Details say so', async ({ page }) => {
    await signInAndWait(page, SUPERUSER);
    await page.goto('/Home/Manufacturers/999999');
    await expect(page.getByRole('alert')).toHaveText('Manufacturer not found');
    await page.goto('/Home/MyDetails');
    await expect(page.getByRole('alert')).toHaveText('Unable to access manufacturer details');
  });
});

test.describe('manufacturer details as a manufacturer user', () => {
  test('Manufacturer Details opens their own page; a save goes back one step after 2 s', async ({ page, request }) => {
    const aurora = (await demoManufacturers(request))['Aurora Audio'];
    try {
      await signInAndWait(page, AURORA_STAFF);
      await page.getByRole('link', { name: 'Users' }).click();
      await expect(page).toHaveURL(/\/Home\/Users$/);
      await page.getByRole('button', { name: /Aurora Audio/ }).click();
      await page.getByRole('menuitem', { name: 'Manufacturer Details' }).click();
      await expect(page).toHaveURL(new RegExp(`/Home/Manufacturers/${aurora.id}$`));
      await expect(field(page, 'Name')).toHaveValue('Aurora Audio');
      await expect(field(page, 'Address')).toHaveValue('Schlesische Str. 12\n10997 Berlin\nGermany');

      await page.getByRole('button', { name: 'Edit' }).click();
      await field(page, 'Phone').fill('+49 30 7654321');
      await page.getByRole('button', { name: 'Save Changes' }).click();
      await expect(page.getByText('Manufacturer updated successfully!')).toBeVisible();
      await expect(page).toHaveURL(/\/Home\/Users$/, { timeout: 5000 });
      expect((await demoManufacturers(request))['Aurora Audio'].phone).toBe('+49 30 7654321');

      // Back from their own page, opened from the profile menu, is one step back too.
      await page.getByRole('button', { name: /Aurora Audio/ }).click();
      await page.getByRole('menuitem', { name: 'Manufacturer Details' }).click();
      await expect(field(page, 'Phone')).toHaveValue('+49 30 7654321');
      await page.getByRole('button', { name: 'Back' }).click();
      await expect(page).toHaveURL(/\/Home\/Users$/);
    } finally {
      await restore(request, aurora.id, { phone: aurora.phone });
    }
  });

  test("another manufacturer's page and the list are denied, in the console and by the server", async ({
    page,
    request,
  }) => {
    const { 'Nimbus Instruments': nimbus } = await demoManufacturers(request);
    await signInAndWait(page, AURORA_STAFF);
    await page.goto(`/Home/Manufacturers/${nimbus.id}`);
    await expect(page.getByRole('alert')).toHaveText('Access denied. Superuser privileges required.');
    await expect(page.getByRole('button', { name: 'Edit' })).toHaveCount(0);
    await page.goto('/Home/Manufacturers');
    await expect(page.getByRole('alert')).toHaveText('Access denied. Superuser privileges required.');
    await expect(page.getByRole('table')).toHaveCount(0);

    const token = await tokenOf(request, AURORA_STAFF);
    const headers = { Authorization: `MSession ${token}` };
    expect((await request.get(`/api/v1/manufacturers/${nimbus.id}`, { headers })).status()).toBe(404);
    expect(
      (await request.patch(`/api/v1/manufacturers/${nimbus.id}`, { headers, data: { name: 'Hijacked' } })).status(),
    ).toBe(404);
    expect((await request.get('/api/v1/manufacturers', { headers })).status()).toBe(403);
    expect((await demoManufacturers(request))['Nimbus Instruments']).toEqual(nimbus);
  });

  test('a renamed manufacturer shows its new name in the top bar on the next load', async ({ page, request }) => {
    const nimbus = (await demoManufacturers(request))['Nimbus Instruments'];
    try {
      await signInAndWait(page, NIMBUS_STAFF);
      await page.goto('/Home/MyDetails');
      await page.getByRole('button', { name: 'Edit' }).click();
      await field(page, 'Name').fill('Nimbus Instruments Ltd');
      await page.getByRole('button', { name: 'Save Changes' }).click();
      await expect(page.getByText('Manufacturer updated successfully!')).toBeVisible();
      await page.reload();
      await expect(page.getByRole('button', { name: /Nimbus Instruments Ltd/ })).toBeVisible();
    } finally {
      await restore(request, nimbus.id, { name: nimbus.name });
    }
  });
});
