import { expect, test, type Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { AURORA_TWO_FACTOR } from '../support/stack';
import { signIn } from '../support/sign-in';

/** The code an authenticator app shows for `secret`, `steps` periods from now (the server takes one step either side). */
const codeOf = (secret: string, steps = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate({
    timestamp: Date.now() + steps * 30_000,
  });

async function enterCode(page: Page, code: string) {
  await page.getByRole('textbox', { name: 'Code from your authenticator app' }).fill(code);
  await page.getByRole('button', { name: 'Verify' }).click();
}

test.describe('Two-factor sign-in', () => {
  test('signs in with a code, sets up a new authenticator app on the Security page, and refuses a code used twice', async ({
    page,
  }) => {
    // Six sign-ins (each a scrypt check) and a set-up: longer than one page's default.
    test.setTimeout(90_000);
    // The demo user has an app on: the password alone leads to the second step, a code computed here signs in.
    await signIn(page, AURORA_TWO_FACTOR);
    await expect(page.getByRole('heading', { name: 'Two-factor sign-in' })).toBeVisible();
    await enterCode(page, codeOf(AURORA_TWO_FACTOR.totpSecret, -1));
    await expect(page).toHaveURL(/\/Home\/Dashboard$/);

    // Security: turn it off with the password, then set up a new app from the key the page shows.
    await page.getByRole('button', { name: /Aurora Audio: profile menu/ }).click();
    await page.getByRole('menuitem', { name: 'Security' }).click();
    await expect(page).toHaveURL(/\/Home\/Security$/);
    await page.getByLabel('Or your password').fill(AURORA_TWO_FACTOR.password);
    await page.getByRole('button', { name: 'Turn off' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Two-factor sign-in is off.' })).toBeVisible();
    await page.getByRole('button', { name: 'Set up an authenticator app' }).click();
    await expect(page.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
    const secret = (await page.getByLabel('Setup key').textContent())!.trim();
    await page.getByRole('textbox', { name: 'Code from your authenticator app' }).fill('000000');
    await page.getByRole('button', { name: 'Turn on' }).click();
    if (codeOf(secret) !== '000000' && codeOf(secret, -1) !== '000000' && codeOf(secret, 1) !== '000000')
      await expect(page.getByRole('alert')).toHaveText(
        'That code is not right. Check the code in your authenticator app and try again.',
      );
    await page.getByRole('textbox', { name: 'Code from your authenticator app' }).fill(codeOf(secret, -1));
    await page.getByRole('button', { name: 'Turn on' }).click();
    const dialog = page.getByRole('dialog', { name: 'Your recovery codes' });
    await expect(dialog).toBeVisible();
    const codes = (await dialog.getByLabel('Recovery codes').textContent())!.trim().split('\n');
    expect(codes).toHaveLength(10);
    await dialog.getByRole('button', { name: 'Done' }).click();
    await expect(page.getByText('Recovery codes left: 10')).toBeVisible();

    // Signed out, the new app's code signs in; the same code a second time is refused in the form.
    const code = codeOf(secret);
    await page.getByRole('button', { name: 'Log Out' }).click();
    await signIn(page, AURORA_TWO_FACTOR);
    await enterCode(page, code);
    await expect(page).toHaveURL(/\/Home\/Dashboard$/);
    await page.getByRole('button', { name: 'Log Out' }).click();
    await signIn(page, AURORA_TWO_FACTOR);
    await enterCode(page, code);
    await expect(page.getByRole('alert')).toHaveText(
      'That code is not right. Check the code in your authenticator app and try again.',
    );
    // A recovery code still signs in, once.
    await page.getByRole('button', { name: 'Use a recovery code' }).click();
    await page.getByRole('textbox', { name: 'Recovery code' }).fill(codes[0]);
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page).toHaveURL(/\/Home\/Dashboard$/);
  });
});
