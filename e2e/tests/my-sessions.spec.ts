import { expect, test } from '@playwright/test';
import { NIMBUS_STAFF, SUPERUSER } from '../support/stack';
import { signInAndWait, storedToken } from '../support/sign-in';

test.describe('My sessions', () => {
  test('a staff member sees a session from another browser and signs it out from the profile menu', async ({
    page,
    browser,
  }) => {
    // Another browser signs in first, with a user agent of its own to tell it apart.
    const otherContext = await browser.newContext({
      userAgent:
        'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 Version/18.0 Safari/604.1',
    });
    const other = await otherContext.newPage();
    try {
      await signInAndWait(other, NIMBUS_STAFF);
      const otherToken = await storedToken(other);
      const asOther = () =>
        page.request.get('/api/v1/systemusers/me', { headers: { Authorization: `MSession ${otherToken}` } });
      expect((await asOther()).status()).toBe(200);

      await signInAndWait(page, NIMBUS_STAFF);
      await page.getByRole('button', { name: /Nimbus Instruments: profile menu/ }).click();
      await page.getByRole('menuitem', { name: 'My sessions' }).click();
      await expect(page).toHaveURL(/\/Home\/MySessions$/);
      await expect(page.getByRole('heading', { name: 'My sessions' })).toBeVisible();
      const list = page.getByRole('list', { name: 'Your sessions' });
      const thisDevice = list.getByRole('listitem').filter({ hasText: 'This device' });
      await expect(thisDevice).toHaveCount(1);
      await expect(thisDevice.getByRole('button')).toHaveCount(0);

      // The other browser's newest session is the one signed in just before ours: Safari on iOS.
      const iphone = list.getByRole('listitem').filter({ hasText: 'Safari on iOS' }).first();
      await expect(iphone).toContainText('Address: 127.0.0.1');
      await iphone.getByRole('button', { name: /Sign out Safari on iOS/ }).click();
      await expect(page.getByRole('status').filter({ hasText: 'Signed out' })).toHaveText(
        'Signed out of Safari on iOS.',
      );
      expect((await asOther()).status()).toBe(401);
      // The console itself stays signed in.
      await expect(thisDevice).toHaveCount(1);
    } finally {
      await otherContext.close();
    }
  });

  test('the Super User reaches My sessions from the Super User menu', async ({ page }) => {
    await signInAndWait(page, SUPERUSER);
    await page.getByRole('button', { name: 'Super User: profile menu' }).click();
    await expect(page.getByRole('menuitem')).toHaveText(['My sessions', 'Security']);
    await page.getByRole('menuitem', { name: 'My sessions' }).click();
    await expect(page.getByRole('list', { name: 'Your sessions' }).getByText('This device')).toBeVisible();
  });
});
