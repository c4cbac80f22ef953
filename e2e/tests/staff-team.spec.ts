import { expect, test } from '@playwright/test';
import { seriousViolations } from '../support/axe';
import { lastMailId, waitForKeptMail } from '../support/kept-mail';
import { AURORA_STAFF } from '../support/stack';
import { signInAndWait } from '../support/sign-in';

const PASSWORD = 'a long enough passphrase for e2e';

test("an owner invites a support agent, who joins from the mail's link and is a support agent", async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const agent = `support-e2e-${Date.now()}@aurora-audio.example`;

  await signInAndWait(page, AURORA_STAFF);
  await page.goto('/Home/MyDetails');
  const section = page.getByRole('region', { name: 'Staff' });
  // The page's sections are lazily loaded chunks: the first visit waits for them.
  await expect(section.getByRole('button', { name: 'Invite' })).toBeVisible({ timeout: 30_000 });
  expect(await seriousViolations(page), 'the Staff section').toEqual([]);

  const after = await lastMailId();
  await section.getByRole('button', { name: 'Invite' }).click();
  const dialog = page.getByRole('dialog', { name: 'Invite Staff Member' });
  await dialog.getByRole('textbox', { name: /^Email/ }).fill(agent);
  await dialog.getByRole('combobox', { name: /^Role/ }).selectOption({ label: 'Support' });
  expect(await seriousViolations(page), 'the invite dialog').toEqual([]);
  await dialog.getByRole('button', { name: 'Send invite' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(section.getByText(`Invite sent to ${agent}`, { exact: false })).toBeVisible();
  await expect(section.getByRole('row').filter({ hasText: agent })).toContainText('Invited, expires');

  // The mail the server kept (the e2e stack has no SMTP): its one-time link opens the console's invite page.
  const mail = await waitForKeptMail(agent, 'staff.invite', after);
  const link = /(https?:\/\/\S+\/join#token=[^\s)\]>"]+)/.exec(mail.text)?.[1];
  expect(link, mail.text).toBeDefined();

  const context = await browser.newContext();
  const invitee = await context.newPage();
  await invitee.goto(link!);
  await invitee.getByLabel('New password').fill(PASSWORD);
  await invitee.getByLabel('Repeat the password').fill(`${PASSWORD}!`);
  await invitee.getByRole('button', { name: 'Accept and sign in' }).click();
  await expect(invitee.getByText('The two passwords differ. Type the same password twice.')).toBeVisible();
  await invitee.getByLabel('Repeat the password').fill(PASSWORD);
  expect(await seriousViolations(invitee), 'the invite page').toEqual([]);
  await invitee.getByRole('button', { name: 'Accept and sign in' }).click();
  await expect(invitee).toHaveURL(/\/Home\/Dashboard$/);

  // A support agent: product editing is locked, with the reason.
  await invitee.goto('/Home/MyProducts');
  const newProduct = invitee.getByRole('link', { name: 'New Product' });
  await expect(newProduct).toHaveAttribute('aria-disabled', 'true');
  await expect(newProduct).toHaveAttribute('title', /^Your role \(Support\) cannot /);

  // The owner sees them join, and disables them: their session stops working at once.
  await page.reload();
  const row = section.getByRole('row').filter({ hasText: agent });
  await expect(row).toContainText('Support', { timeout: 30_000 });
  await expect(row).toContainText('Active');
  await row.getByRole('button', { name: `Disable ${agent}` }).click();
  const disable = page.getByRole('dialog', { name: 'Disable Staff Member' });
  await disable.getByRole('button', { name: 'Disable', exact: true }).click();
  await expect(row).toContainText('Disabled');
  await invitee.reload();
  await expect(invitee).toHaveURL(/\/$/, { timeout: 15_000 });
  await context.close();
});
