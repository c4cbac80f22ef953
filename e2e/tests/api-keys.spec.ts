import { expect, test } from '@playwright/test';
import { seriousViolations } from '../support/axe';
import { AURORA_STAFF } from '../support/stack';
import { signInAndWait } from '../support/sign-in';

test('staff create an API key, copy its secret once, use it within its scope, and revoke it', async ({ page }) => {
  test.setTimeout(90_000);
  const name = `E2E key ${Date.now()}`;
  await signInAndWait(page, AURORA_STAFF);
  await page.goto('/Home/MyDetails');
  await page.getByRole('link', { name: 'Manage API keys' }).click();
  await expect(page).toHaveURL(/\/Home\/Manufacturers\/\d+\/ApiKeys$/);
  const table = page.getByRole('table', { name: 'API keys' });
  // The demo key (api-server/src/seed/api-keys-demo.ts), its secret printed nowhere.
  await expect(table.getByRole('cell', { name: 'Release pipeline', exact: true })).toBeVisible();
  expect(await seriousViolations(page), 'API Keys page').toEqual([]);

  await page.getByRole('button', { name: 'Create key' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create API Key' });
  await dialog.getByRole('textbox', { name: 'Name' }).fill(name);
  await dialog.getByRole('checkbox', { name: 'Upload builds' }).check();
  expect(await seriousViolations(page), 'Create API Key dialog').toEqual([]);
  await dialog.getByRole('button', { name: 'Create key' }).click();

  const shown = page.getByRole('dialog', { name: 'API Key Created' });
  await expect(shown.getByText('you will not see it again')).toBeVisible();
  const secret = (await shown.getByLabel('API key').textContent())!;
  expect(secret).toMatch(/^phk_live_[A-Za-z0-9_-]{48}$/);
  await expect(shown.getByRole('button', { name: 'Copy key' })).toBeVisible();
  expect(await seriousViolations(page), 'the key shown once').toEqual([]);
  await shown.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByText(secret)).toHaveCount(0);
  const row = table.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText(secret.slice(0, 17));
  await expect(row).toContainText('Upload builds');

  // The key works within its scope only: builds:upload may not read the product list.
  const bearer = { Authorization: `Bearer ${secret}` };
  const outside = await page.request.get('/api/v1/products', { headers: bearer });
  expect(outside.status()).toBe(403);

  await row.getByRole('button', { name: /^Revoke key/ }).click();
  await page.getByRole('dialog', { name: 'Revoke API Key' }).getByRole('button', { name: 'Revoke' }).click();
  await expect(row).toContainText('Revoked');
  const revoked = await page.request.get('/api/v1/products', { headers: bearer });
  expect(revoked.status()).toBe(401);
  expect(await revoked.json()).toEqual({ message: ['The API key is not valid.'] });
});
