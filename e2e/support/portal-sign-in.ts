import { expect, type Page } from '@playwright/test';
import { deliveredMailCount, signInMailParts, waitForDeliveredMail } from './delivered-mail';

/**
 * On the portal's sign-in step (its own page, or a page that asks a signed-out customer to sign in first): asks for
 * a code for `email`, types the code of the mail the customer received, and waits to land on `landsOn`.
 */
export async function signInByCode(page: Page, email: string, landsOn: string | RegExp): Promise<void> {
  const after = deliveredMailCount();
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Email address').press('Enter');
  const { code } = signInMailParts(await waitForDeliveredMail(email, 'portal.sign-in-code', after));
  await page.getByLabel('6-digit code').fill(code);
  await page.getByLabel('6-digit code').press('Enter');
  await expect(page).toHaveURL(landsOn);
}
