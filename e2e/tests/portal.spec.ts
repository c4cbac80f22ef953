import { join } from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { seriousViolations } from '../support/axe';
import { deliveredMailCount, signInMailParts, waitForDeliveredMail } from '../support/delivered-mail';
import { AURORA_STAFF, E2E_BASE_URL, e2eDataDir } from '../support/stack';
import { expectDownloadOfStoredBuildFile } from '../support/stored-build-file';
import { serveRemote, servePortalEmbedPage, startConsole, type Running } from '../embed/servers';

// The customer portal as a customer walks it: the standalone page at /portal/<slug>/ on the built stack, sign-in
// by the code of the delivered mail (the run's SMTP capture) and by the mail's link, the licences and
// trials, at 1280×800 and 390×844, by keyboard, with axe; and the same remote embedded in a vendor's page on
// another origin.

const SLUG = 'aurora-audio';
const SIGN_IN_MAIL = 'portal.sign-in-code';
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };
// Ports of this spec: the portal remote on its own origin, the vendor's page, a second console server.
const PORTAL_REMOTE_PORT = 4141;
const VENDOR_PORT = 4142;
const CONSOLE_PORT = 4143;

async function staffHeaders(request: APIRequestContext) {
  const login = await request.post(`${E2E_BASE_URL}/api/v1/systemusers/login`, {
    data: { email: AURORA_STAFF.email, password: AURORA_STAFF.password },
  });
  return { Authorization: `MSession ${(await login.json()).token}` };
}

type StaffLicense = { serial: string; product: { name: string } };

/** What staff see of a customer's licences (the console's API): the portal must show the same. */
async function licensesOf(request: APIRequestContext, email: string): Promise<StaffLicense[]> {
  const headers = await staffHeaders(request);
  const users = await (await request.get(`${E2E_BASE_URL}/api/v1/users`, { params: { email }, headers })).json();
  const user = users.data.find((row: { email: string }) => row.email === email);
  const licenses = await (
    await request.get(`${E2E_BASE_URL}/api/v1/users/${user.id}/licenses`, { params: { per_page: 250 }, headers })
  ).json();
  return licenses.data;
}

/** The `nth` of Aurora Audio's demo customers who own a licence (each test signs in as its own customer). */
async function customerWithLicences(request: APIRequestContext, nth: number): Promise<string> {
  const headers = await staffHeaders(request);
  const users = await (
    await request.get(`${E2E_BASE_URL}/api/v1/users`, {
      params: { email: '@aurora.listener.example', per_page: 250 },
      headers,
    })
  ).json();
  let found = 0;
  for (const user of users.data as { id: number; email: string }[]) {
    const licenses = await (
      await request.get(`${E2E_BASE_URL}/api/v1/users/${user.id}/licenses`, { params: { per_page: 1 }, headers })
    ).json();
    if (licenses.pagination.records.total > 0 && found++ === nth) return user.email;
  }
  throw new Error(`Fewer than ${nth + 1} Aurora Audio customers own a licence in the demo data`);
}

async function expectNoHorizontalScroll(page: Page) {
  const widths = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, view: window.innerWidth }));
  expect(widths.scroll).toBeLessThanOrEqual(widths.view);
}

async function expectAxeClean(page: Page) {
  expect(await seriousViolations(page)).toEqual([]);
}

/** Asks for a code on the sign-in page and reads it from the mail it caused. */
async function requestCode(page: Page, email: string) {
  const after = deliveredMailCount();
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Email address').press('Enter');
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
  return signInMailParts(await waitForDeliveredMail(email, SIGN_IN_MAIL, after));
}

async function expectLicencesOf(page: Page, email: string) {
  await expect(page.getByRole('heading', { name: 'My licenses' })).toBeVisible();
  const expected = await licensesOf(page.request, email);
  expect(expected.length).toBeGreaterThan(0);
  for (const license of expected.slice(0, 25))
    await expect(page.getByText(license.serial, { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Copy serial' }).first()).toBeVisible();
  await expect(page.getByText(/^\d+ of \d+ in use$/).first()).toBeVisible();
  await expect(page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 2 }) })).toHaveCount(
    Math.min(expected.length, 25),
  );
}

for (const [name, viewport] of [
  ['1280×800', DESKTOP],
  ['390×844', PHONE],
] as const) {
  test.describe(`the portal at ${name}`, () => {
    test.use({ viewport });

    test('a customer signs in with the emailed code, by keyboard, and sees their licences and trials', async ({
      page,
    }) => {
      const email = await customerWithLicences(page.request, viewport === DESKTOP ? 0 : 1);
      await page.goto(`/portal/${SLUG}/`);
      await expect(page).toHaveURL(new RegExp(`/portal/${SLUG}/sign-in$`));
      await expect(page).toHaveTitle('Aurora Audio: customer portal');
      await expect(page.getByRole('banner')).toContainText('Aurora Audio');
      await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
      await expectNoHorizontalScroll(page);
      await expectAxeClean(page);

      // Keyboard only: the skip link, then the email field.
      await page.keyboard.press('Tab');
      await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();
      await page.keyboard.press('Tab');
      await expect(page.getByLabel('Email address')).toBeFocused();
      const { code } = await requestCode(page, email);
      await expect(page.getByText(/a sign-in code is on its way/)).toBeVisible();
      await expectNoHorizontalScroll(page);
      await expectAxeClean(page);

      // A wrong code first: the server's words. The code field has the focus: the keyboard carries on.
      await expect(page.getByLabel('6-digit code')).toBeFocused();
      await page.keyboard.type(code === '000000' ? '111111' : '000000');
      await page.keyboard.press('Enter');
      await expect(page.getByText('That code is not right. 4 tries left.')).toBeVisible();
      await page.keyboard.press('ControlOrMeta+A');
      await page.keyboard.type(code);
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(new RegExp(`/portal/${SLUG}/licenses$`));
      await expect(page.getByText(`Signed in as ${email}`)).toBeVisible();
      await expectLicencesOf(page, email);
      await expectNoHorizontalScroll(page);
      await expectAxeClean(page);

      // The token is the portal's own, never the console's.
      const stored = await page.evaluate(() => ({
        portal: sessionStorage.getItem('producthub_portal_session:aurora-audio'),
        staff: localStorage.getItem('producthub_auth'),
      }));
      expect(JSON.parse(stored.portal!).user.email).toBe(email);
      expect(stored.staff).toBeNull();

      // A deep link reloads in place.
      await page.reload();
      await expect(page.getByRole('heading', { name: 'My licenses' })).toBeVisible();

      await page.getByRole('link', { name: 'My trials' }).click();
      await expect(page).toHaveURL(new RegExp(`/portal/${SLUG}/trials$`));
      await expect(page.getByRole('heading', { name: 'My trials' })).toBeVisible();
      await expect(page.getByText(/No trials run on your machines\.|Started/).first()).toBeVisible();
      await expectNoHorizontalScroll(page);
      await expectAxeClean(page);

      // Redeem a serial: an unknown one is refused in plain words, typed and sent by keyboard.
      await page.getByRole('link', { name: 'Redeem a serial' }).click();
      await expect(page).toHaveURL(new RegExp(`/portal/${SLUG}/redeem$`));
      await expect(page.getByRole('heading', { name: 'Redeem a serial', level: 1 })).toBeVisible();
      await page.getByRole('textbox', { name: 'Serial', exact: true }).focus();
      await page.keyboard.type('ZZZZZ-ZZZZZ-ZZZZZ-ZZZZZ');
      await page.keyboard.press('Enter');
      await expect(page.getByText(/This serial is not valid\./)).toBeVisible();
      await expectNoHorizontalScroll(page);
      await expectAxeClean(page);

      await page.getByRole('button', { name: 'Sign out' }).click();
      await expect(page).toHaveURL(new RegExp(`/portal/${SLUG}/sign-in$`));
      await expect(page.getByText('You are signed out.')).toBeVisible();
      await page.goto(`/portal/${SLUG}/licenses`);
      await expect(page).toHaveURL(new RegExp(`/portal/${SLUG}/sign-in$`));
    });

    test("the mail's sign-in link signs in once; used again it says so", async ({ page }) => {
      const email = await customerWithLicences(page.request, viewport === DESKTOP ? 2 : 3);
      await page.goto(`/portal/${SLUG}/sign-in`);
      const { link } = await requestCode(page, email);
      const path = `${link.pathname}${link.search}`;
      await page.evaluate(() => sessionStorage.clear());
      await page.goto(path);
      await expect(page).toHaveURL(new RegExp(`/portal/${SLUG}/licenses$`));
      await expectLicencesOf(page, email);
      await expectNoHorizontalScroll(page);

      await page.evaluate(() => sessionStorage.clear());
      await page.goto(path);
      await expect(page.getByRole('heading', { name: 'This sign-in link did not work' })).toBeVisible();
      await expect(page.getByText('That sign-in link was already used. Ask for a new one.')).toBeVisible();
      await expectAxeClean(page);
      await page.getByRole('button', { name: 'Ask for a new code' }).click();
      await expect(page.getByLabel('Email address')).toBeVisible();
    });
  });
}

test('customers never get the staff console under /portal', async ({ page }) => {
  for (const path of ['/portal/', '/portal/Not_A_Slug/']) {
    const response = await page.request.get(path);
    expect(response.status()).toBe(404);
  }
  await page.goto('/portal/no-such-maker/');
  await expect(page.getByText('There is no customer portal at this address.')).toBeVisible();
  await expect(page.locator('#root')).toHaveCount(0);
});

test.describe("the portal embedded in a vendor's page on another origin", () => {
  test.describe.configure({ timeout: 90_000 });
  const running: Running[] = [];
  let vendor: Running;

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    const remote = await serveRemote('mfe-portal', PORTAL_REMOTE_PORT);
    running.push(remote);
    const vendorOrigin = `http://127.0.0.1:${VENDOR_PORT}`;
    // A second instance on the same database and the same stored files, as instances behind a load balancer are.
    const api = await startConsole(CONSOLE_PORT, {
      PRODUCTHUB_CORS_ORIGINS: vendorOrigin,
      PRODUCTHUB_STORAGE_DIR: join(e2eDataDir(), 'files'),
    });
    running.push(api);
    vendor = await servePortalEmbedPage(VENDOR_PORT, {
      apiBaseUrl: `${api.url}/api/v1`,
      remoteEntry: `${remote.url}/remoteEntry.js`,
      manufacturer: SLUG,
    });
    running.push(vendor);
  });

  test.afterAll(async () => {
    for (const server of running.reverse()) await server.stop();
  });

  for (const [name, viewport] of [
    ['1280×800', DESKTOP],
    ['390×844', PHONE],
  ] as const)
    test(`a customer signs in on the vendor's site at ${name}`, async ({ page }) => {
      await page.setViewportSize(viewport);
      const errors: string[] = [];
      page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
      const email = await customerWithLicences(page.request, viewport === DESKTOP ? 4 : 5);
      await page.goto(`${vendor.url}/support/portal/`);
      await expect(page).toHaveURL(`${vendor.url}/support/portal/sign-in`);
      // The vendor's page keeps its title and its landmarks; the portal sits inside it.
      await expect(page).toHaveTitle('Aurora Audio: your account');
      await expect(page.getByRole('heading', { name: 'Your account' })).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
      await expectAxeClean(page);
      const { code } = await requestCode(page, email);
      await page.getByLabel('6-digit code').fill(code);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await expect(page).toHaveURL(`${vendor.url}/support/portal/licenses`);
      await expectLicencesOf(page, email);
      await expectNoHorizontalScroll(page);
      await expectAxeClean(page);
      expect(errors.filter((text) => /Content Security Policy|CORS/i.test(text))).toEqual([]);
    });

  test("a customer downloads an installer on the vendor's site: the bytes stored for it", async ({ page }) => {
    // Downloading changes nothing, so a demo customer of the vendor (Aurora Audio) will do.
    const email = await customerWithLicences(page.request, 6);
    await page.goto(`${vendor.url}/support/portal/`);
    const { code } = await requestCode(page, email);
    await page.getByLabel('6-digit code').fill(code);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(`${vendor.url}/support/portal/licenses`);
    await page.getByRole('navigation').getByRole('link', { name: 'Downloads', exact: true }).click();
    await expect(page).toHaveURL(`${vendor.url}/support/portal/downloads`);
    await expect(page.getByRole('heading', { level: 1, name: 'Downloads' })).toBeVisible();
    const installer = page.getByRole('link', { name: /^Download .+\.(pkg|exe|zip)$/ }).first();
    // The signed link points at the API the vendor's page was given, not at the vendor's origin.
    expect(await installer.getAttribute('href')).toMatch(
      new RegExp(`^http://127\\.0\\.0\\.1:${CONSOLE_PORT}/api/v1/clients/app/downloads/`),
    );
    await expectDownloadOfStoredBuildFile(page, installer);
  });
});
