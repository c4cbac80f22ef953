import { expect, test, type Browser, type Page } from '@playwright/test';
import { SSO_CALLBACK_PATH, SSO_DOMAIN_UNKNOWN, SSO_EMAIL_DOMAIN } from '../../shared-kit/src/contract/sso';
import { startOidcTestProvider, type OidcTestProvider } from '../../api-server/test/support/oidc-test-provider';
import { E2E_BASE_URL, NIMBUS_STAFF } from '../support/stack';
import { signInAndWait } from '../support/sign-in';

// Nimbus Instruments' own domain for this spec: no other spec signs anyone in with it, and password sign-in stays on.
const DOMAIN = 'sso.nimbus-instruments.example';

test.describe.configure({ mode: 'serial' });

let provider: OidcTestProvider;

test.beforeAll(async () => {
  // A real OpenID provider (oidc-provider, its own login and consent pages) on 127.0.0.1 in this test process.
  provider = await startOidcTestProvider(`${E2E_BASE_URL}${SSO_CALLBACK_PATH}`);
});

test.afterAll(async () => {
  await provider?.close();
});

/** In a fresh browser: "Use single sign-on" on the sign-in page with `who` (a work email or the sign-in name). */
async function startSingleSignOn(browser: Browser, who: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await page.goto('/');
  await page.getByRole('button', { name: 'Use single sign-on' }).click();
  await page.getByRole('textbox', { name: /Work email or company sign-in name/ }).fill(who);
  await page.getByRole('button', { name: 'Continue to your identity provider' }).click();
  return page;
}

/** The provider's own login form, then its consent page, as the person would fill them in. */
async function signInAtProvider(page: Page, login: string) {
  await expect(page).toHaveURL(new RegExp(`^${provider.issuer}/`));
  await page.locator('input[name="login"]').fill(login);
  await page.locator('input[name="password"]').fill('any password');
  await page.getByRole('button', { name: 'Sign-in' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
}

test('an owner sets up single sign-on; a new person signs in through the provider as a release manager', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const email = `rita-${Date.now()}@${DOMAIN}`;
  provider.accounts.set('rita', { email, email_verified: true, groups: ['producthub-releases'] });

  await signInAndWait(page, NIMBUS_STAFF);
  await page.goto('/Home/MyDetails');
  const section = page.getByRole('region', { name: 'Single sign-on' });
  const form = section.getByRole('form', { name: 'Single sign-on settings' });
  // The page's sections are lazily loaded chunks: the first visit waits for them.
  await expect(form).toBeVisible({ timeout: 30_000 });
  const switchedOn = form.getByRole('checkbox', { name: 'Single sign-on switched on' });
  if ((await switchedOn.getAttribute('aria-checked')) !== 'true') await switchedOn.click();
  await form.getByRole('textbox', { name: /^Issuer URL/ }).fill(provider.issuer);
  await form.getByRole('textbox', { name: /^Client ID/ }).fill(provider.clientId);
  await form.getByLabel(/^Client secret/).fill(provider.clientSecret);
  await form.getByRole('textbox', { name: /^Allowed email domains/ }).fill(DOMAIN);
  await form.getByRole('textbox', { name: /^Groups claim/ }).fill('groups');
  await form.getByRole('textbox', { name: /^Groups to roles/ }).fill('producthub-releases = release_manager');
  await form.getByRole('button', { name: 'Save single sign-on' }).click();
  await expect(form.getByText('Single sign-on settings saved.')).toBeVisible();

  // Rita has never been to ProductHub: her work email finds Nimbus, the provider signs her in, the console opens.
  const rita = await startSingleSignOn(browser, email);
  await signInAtProvider(rita, 'rita');
  await expect(rita).toHaveURL(/\/Home\/Dashboard$/, { timeout: 30_000 });

  // Made there and then with the role her group gives: the owner's Staff section lists her as a release manager.
  await page.reload();
  const staffRow = page.getByRole('region', { name: 'Staff' }).getByRole('row').filter({ hasText: email });
  await expect(staffRow).toContainText('Release manager', { timeout: 30_000 });
  await rita.context().close();
});

test('an email outside the allowed domains is refused, and the sign-in page says why', async ({ browser }) => {
  test.setTimeout(120_000);
  // Otto starts with the company's domain, but the provider knows him by an address elsewhere.
  provider.accounts.set('otto', {
    email: 'otto@elsewhere.example',
    email_verified: true,
    groups: ['producthub-releases'],
  });
  const otto = await startSingleSignOn(browser, `otto@${DOMAIN}`);
  await signInAtProvider(otto, 'otto');
  await expect(otto).toHaveURL(/\/\?sso=refused&reason=email-domain$/);
  await expect(otto.getByText(SSO_EMAIL_DOMAIN)).toBeVisible();
  // Still signed out, the single sign-on step ready for another try.
  await expect(otto.getByRole('textbox', { name: /Work email or company sign-in name/ })).toBeVisible();
  await otto.context().close();

  // A domain no company signs in with gets the one plain answer, on the page.
  const stranger = await startSingleSignOn(browser, 'someone@no-sso.example');
  await expect(stranger.getByText(SSO_DOMAIN_UNKNOWN)).toBeVisible();
  await stranger.context().close();
});
