import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { seriousViolations } from '../support/axe';
import { AURORA_STAFF, E2E_DATABASE_URL } from '../support/stack';
import { signIn } from '../support/sign-in';
import { LOCALHOST_CONSOLE, addVirtualAuthenticator } from '../support/virtual-authenticator';

const REPO = join(__dirname, '../..');
const CONSOLE = LOCALHOST_CONSOLE;
const MEMBER = { email: 'passkey.member@aurora-audio.example', password: 'Passkey-Member-2026' };

/** A staff member of Aurora Audio of this spec's own, made with the admin CLI (the demo users keep no factor). */
async function createMember(page: Page) {
  const login = await page.request.post('/api/v1/systemusers/login', { data: AURORA_STAFF });
  expect(login.status()).toBe(200);
  const manufacturerId = String((await login.json()).manufacturer.id);
  const made = spawnSync(
    process.execPath,
    [
      join(REPO, 'api-server/dist/admin/cli.js'),
      'create-user',
      '--email',
      MEMBER.email,
      '--role',
      'manufacturer',
      '--manufacturer',
      manufacturerId,
    ],
    { encoding: 'utf8', env: { ...process.env, DATABASE_URL: E2E_DATABASE_URL, PRODUCTHUB_PASSWORD: MEMBER.password } },
  );
  expect(made.stderr).toBe('');
  expect(made.status).toBe(0);
}

test.describe('Passkeys', () => {
  test('a member enrols a passkey on the Security page, signs out, and signs in with it as the second factor', async ({
    page,
  }) => {
    // Six sign-ins (each a scrypt check), a passkey made and used, and two axe runs.
    test.setTimeout(180_000);
    await createMember(page);
    const { cdp, authenticatorId } = await addVirtualAuthenticator(page);

    await signIn(page, MEMBER, `${CONSOLE}/`);
    await expect(page).toHaveURL(/\/Home\/Dashboard$/);
    await page.goto(`${CONSOLE}/Home/Security`);
    await expect(page.getByRole('heading', { name: 'Passkeys' })).toBeVisible();
    await expect(page.getByText('You have no passkey.')).toBeVisible();
    await page.getByLabel('Passkey name').fill('Studio laptop');
    await page.getByRole('button', { name: 'Add a passkey' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Passkey “Studio laptop” added.' })).toBeVisible();
    const list = page.getByRole('list', { name: 'Your passkeys' });
    await expect(list.getByText('Studio laptop')).toBeVisible();
    await expect(list.getByText('Last used: never')).toBeVisible();
    const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
    expect(credentials).toHaveLength(1);
    expect(credentials[0].rpId).toBe('localhost');
    expect(await seriousViolations(page), 'Security with a passkey').toEqual([]);

    // Signed out, the password leads to the second step; the passkey finishes it.
    await page.getByRole('button', { name: 'Log Out' }).click();
    await signIn(page, MEMBER, `${CONSOLE}/`);
    await expect(page.getByRole('heading', { name: 'Two-factor sign-in' })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Code from your authenticator app' })).toHaveCount(0);
    expect(await seriousViolations(page), 'The second step with a passkey').toEqual([]);
    await page.getByRole('button', { name: 'Use a passkey' }).click();
    await expect(page).toHaveURL(/\/Home\/Dashboard$/);

    // The list shows its use; removing it needs the password, and then the password alone signs in again.
    await page.goto(`${CONSOLE}/Home/Security`);
    await expect(list.getByText('Last used: never')).toHaveCount(0);
    await page.getByRole('button', { name: 'Remove the passkey Studio laptop' }).click();
    await page.getByLabel('Your password').fill(MEMBER.password);
    await page.getByRole('button', { name: 'Remove passkey' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Passkey “Studio laptop” removed.' })).toBeVisible();
    await expect(page.getByText('You have no passkey.')).toBeVisible();
    await page.getByRole('button', { name: 'Log Out' }).click();
    await signIn(page, MEMBER, `${CONSOLE}/`);
    await expect(page).toHaveURL(/\/Home\/Dashboard$/);
  });
});
