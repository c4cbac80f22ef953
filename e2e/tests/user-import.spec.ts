import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { NIMBUS_STAFF } from '../support/stack';
import { signInAndWait } from '../support/sign-in';

// Demo data: Nimbus Instruments has the product com.nimbus.strings and the user user01@nimbus.player.example. Nimbus, not
// Aurora: the users and licensing specs count Aurora's users and licences.

const csv = (rows: string[]) => ({
  name: 'users.csv',
  mimeType: 'text/csv',
  buffer: Buffer.from(['email,external_id,product_identifier,license_type', ...rows].join('\r\n')),
});

/** Serious and critical axe violations on the page as it is now. */
async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.help}`);
}

test('imports users from a CSV: a preview with an invalid row, the fixed file applied, the users in the list', async ({
  page,
}) => {
  const run = Date.now().toString(36);
  const first = `import-${run}-a@nimbus.player.example`;
  const second = `import-${run}-b@nimbus.player.example`;
  await signInAndWait(page, NIMBUS_STAFF);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Users' }).click();
  await page.getByRole('link', { name: 'Import', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Import Users' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await page
    .getByLabel('Choose a CSV file')
    .setInputFiles(
      csv([
        `${first},CRM-${run},com.nimbus.strings,Standard`,
        `${second},,com.nimbus.strings,Premium`,
        'user01@nimbus.player.example,,,',
      ]),
    );
  await expect(page.getByRole('heading', { name: 'Preview of users.csv' })).toBeVisible();
  const invalid = page.getByRole('table', { name: 'Invalid rows' });
  await expect(invalid.getByRole('row').nth(1).getByRole('cell')).toHaveText([
    '3',
    second,
    'license_type "Premium" is not one of NFR, Standard, Free',
  ]);
  await expect(
    page
      .getByRole('table', { name: 'Rows that are already users' })
      .getByRole('cell', { name: 'user01@nimbus.player.example' }),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Apply import' })).toBeDisabled();
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByRole('button', { name: 'Upload another file' }).click();
  await page
    .getByLabel('Choose a CSV file')
    .setInputFiles(
      csv([
        `${first},CRM-${run},com.nimbus.strings,Standard`,
        `${second},,com.nimbus.strings,NFR`,
        'user01@nimbus.player.example,,,',
      ]),
    );
  await expect(page.getByRole('heading', { name: 'Preview of users.csv' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Invalid rows' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Apply import' }).click();
  await expect(page.getByText('2 users and 2 licenses created.')).toBeVisible();

  await page.getByRole('main').getByRole('link', { name: 'Back to Users' }).last().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search User by Email' }).fill(`import-${run}`);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page.getByText('2 records')).toBeVisible();
  await expect(page.getByRole('cell', { name: first, exact: true })).toBeVisible();
  await expect(page.getByRole('cell', { name: second, exact: true })).toBeVisible();
});
