import { expect, test } from '@playwright/test';
import { AURORA_STAFF, SUPERUSER } from '../support/stack';
import { signIn, signInAndWait, storedToken } from '../support/sign-in';

test.describe('sign-in and session', () => {
  test('manufacturer staff sign in and see their navigation and manufacturer label', async ({ page }) => {
    await signInAndWait(page, AURORA_STAFF);
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link')).toHaveText(['Dashboard', 'My Products', 'Users']);
    await expect(page.getByRole('button', { name: /Aurora Audio/ })).toBeVisible();
    await expect(page.getByRole('banner').getByText('Super User', { exact: true })).toHaveCount(0);
    await expect(page.getByText(/Welcome to ProductHub/)).toBeVisible();
    await expect(page.getByText('e2e', { exact: true })).toBeVisible();

    await page.getByRole('button', { name: /Aurora Audio/ }).click();
    await page.getByRole('menuitem', { name: 'Manufacturer Details' }).click();
    // /Home/MyDetails redirects to the user's own manufacturer page.
    await expect(page).toHaveURL(/\/Home\/Manufacturers\/\d+$/);
    await expect(page.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue('Aurora Audio');
  });

  test('a superuser sees Dashboard and Manufacturers and the Super User label', async ({ page }) => {
    await signInAndWait(page, SUPERUSER);
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link')).toHaveText([
      'Dashboard',
      'Manufacturers',
    ]);
    await expect(page.getByRole('banner').getByText('Super User', { exact: true })).toBeVisible();
    await page.getByRole('link', { name: 'Manufacturers' }).click();
    await expect(page).toHaveURL(/\/Home\/Manufacturers$/);
    await expect(page.getByRole('heading', { name: 'Manufacturers' })).toBeVisible();
  });

  test('a wrong password shows the server message in the error modal and stays on the sign-in page', async ({
    page,
  }) => {
    await signIn(page, { email: AURORA_STAFF.email, password: 'not-the-password' });
    const dialog = page.getByRole('dialog', { name: 'An Error Occurred:' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('Invalid email or password.');
    await dialog.getByRole('button', { name: 'OK' }).click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/$/);
  });

  test('a reload keeps the session', async ({ page }) => {
    await signInAndWait(page, AURORA_STAFF);
    await page.getByRole('link', { name: 'My Products' }).click();
    await expect(page).toHaveURL(/\/Home\/MyProducts$/);
    await page.reload();
    await expect(page).toHaveURL(/\/Home\/MyProducts$/);
    await expect(page.getByRole('heading', { name: 'My Products' })).toBeVisible();
  });

  test('a deep link opened before signing in is where the user lands after signing in', async ({ page }) => {
    await page.goto('/Home/Users');
    await expect(page).toHaveURL(/\/$/);
    await page.getByLabel('Email').fill(AURORA_STAFF.email);
    await page.getByLabel('Password').fill(AURORA_STAFF.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(/\/Home\/Users$/);
    await expect(page.getByRole('heading', { name: 'Users' })).toBeVisible();
  });

  test('log out ends the session on the server too', async ({ page, request }) => {
    await signInAndWait(page, AURORA_STAFF);
    const token = await storedToken(page);
    await page.getByRole('button', { name: 'Log Out' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('producthub_auth'))).toBeNull();
    await expect
      .poll(async () =>
        (await request.get('/api/v1/systemusers/me', { headers: { Authorization: `MSession ${token}` } })).status(),
      )
      .toBe(401);
    await page.goto('/Home/Dashboard');
    await expect(page).toHaveURL(/\/$/);
  });

  test('an expired or revoked token sends the user to the root', async ({ page, request }) => {
    await signInAndWait(page, AURORA_STAFF);
    const token = await storedToken(page);
    const revoked = await request.post('/api/v1/systemusers/logout', {
      headers: { Authorization: `MSession ${token}` },
    });
    expect(revoked.status()).toBe(204);
    await page.reload();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('producthub_auth'))).toBeNull();
  });

  test('signing out in one tab signs out the other', async ({ context }) => {
    const first = await context.newPage();
    await signInAndWait(first, AURORA_STAFF);
    const second = await context.newPage();
    await second.goto('/Home/Dashboard');
    await expect(second.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
    await first.getByRole('button', { name: 'Log Out' }).click();
    await expect(second).toHaveURL(/\/$/);
  });
});
