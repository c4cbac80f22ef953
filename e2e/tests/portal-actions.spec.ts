import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { Client } from 'pg';
import { seriousViolations } from '../support/axe';
import { CPP_PLUGIN, plugin, pluginMachine } from '../support/cpp-plugin';
import { deliveredMailCount, waitForDeliveredMail } from '../support/delivered-mail';
import { signInByCode } from '../support/portal-sign-in';
import { expectDownloadOfStoredBuildFile } from '../support/stored-build-file';
import { newPortalCustomer, type CustomerLicense } from '../support/portal-customer';
import { E2E_BASE_URL, E2E_DATABASE_URL } from '../support/stack';

// What a customer does in the portal, in Chromium on the built stack: free a machine, download an installer (the
// bytes compared with the stored build file), offline activation with the C++ example plugin's request file and its
// check of the answer, and a change of email; then the same pages at 390×844 by keyboard. The offline activation and
// the 390×844 walk each make their own customer (support/portal-customer.ts); the demo customer's email is changed back.

const SLUG = 'aurora-audio';
const CUSTOMER = 'user37@aurora.listener.example';
const PHONE = { width: 390, height: 844 };
const ROOT = resolve(__dirname, '..', '..');
const CPP_PLUGIN_BUILT = existsSync(CPP_PLUGIN);

async function query<Row>(text: string, values: unknown[]): Promise<Row[]> {
  const client = new Client({ connectionString: E2E_DATABASE_URL });
  await client.connect();
  try {
    return (await client.query(text, values)).rows as Row[];
  } finally {
    await client.end();
  }
}

/** The machines in use on a licence, as the database holds them. */
async function machinesInUse(licenseId: number): Promise<number> {
  const [row] = await query<{ in_use: string }>(
    'SELECT count(*) AS in_use FROM license_machines WHERE license_id = $1 AND deactivated_at IS NULL',
    [licenseId],
  );
  return Number(row.in_use);
}

/** Signs in on the sign-in page with the code of the delivered mail; lands on My licenses. */
async function signIn(page: Page, email: string, slug = SLUG) {
  await page.goto(`/portal/${slug}/sign-in`);
  await signInByCode(page, email, new RegExp(`/portal/${slug}/licenses$`));
  await expect(page.getByText(`Signed in as ${email}`, { exact: true })).toBeVisible();
}

const licenseCard = (page: Page, serial: string) =>
  page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { level: 2 }) })
    .filter({ hasText: serial });

/** The name the offline studio computer reports for itself: the portal shows it, its fingerprint below it. */
const STUDIO_NAME = 'E2E Studio Mac';

interface OfflineClient {
  /** Writes the activation request file (naming the machine STUDIO_NAME) the customer carries to an online computer. */
  request(license: CustomerLicense, fingerprint: string, file: string): Promise<void>;
  /** Checks the portal's answer as the plugin does before installing it; the serial it licenses. */
  install(license: CustomerLicense, fingerprint: string, file: string): Promise<string>;
}

const cppPlugin = (stateDir: string): OfflineClient => {
  const machine = (license: CustomerLicense, fingerprint: string) =>
    pluginMachine({
      productId: license.productId,
      publicKey: license.publicKey,
      fingerprint,
      stateDir,
      productIdentifier: license.identifier,
    });
  return {
    async request(license, fingerprint, file) {
      const run = plugin(
        machine(license, fingerprint),
        'request-offline',
        '--serial',
        license.serial,
        '--out',
        file,
        '--machine-name',
        STUDIO_NAME,
      );
      expect(run).toMatchObject({ exit: 0, output: { ok: true, serial: license.serial, machine_name: STUDIO_NAME } });
    },
    async install(license, fingerprint, file) {
      const run = plugin(machine(license, fingerprint), 'install-offline', '--file', file);
      expect(run).toMatchObject({ exit: 0, output: { ok: true } });
      expect(readFileSync(join(stateDir, 'license.ops'), 'utf8')).toBe(readFileSync(file, 'utf8'));
      const verified = plugin(machine(license, fingerprint), 'verify');
      expect(verified).toMatchObject({ exit: 0, output: { kind: 'license' } });
      return String(verified.output.serial);
    },
  };
};

// Without the C++ example built (`make -C client-cpp`), client-js's functions of the same flow.
const jsClient = (): OfflineClient => {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const js = require(join(ROOT, 'client-js', 'dist', 'index.js')) as {
    createOfflineRequest: (input: {
      productId: number;
      productIdentifier: string;
      serial: string;
      hardwareFingerprint: string;
      machineName: string;
    }) => string;
    installOfflineAnswer: (
      text: string,
      expected: { publicKey: string; hardwareFingerprint: string; productIdentifier: string },
    ) => { document: { serial: string } };
  };
  return {
    async request(license, fingerprint, file) {
      writeFileSync(
        file,
        js.createOfflineRequest({
          productId: license.productId,
          productIdentifier: license.identifier,
          serial: license.serial,
          hardwareFingerprint: fingerprint,
          machineName: STUDIO_NAME,
        }),
      );
    },
    async install(license, fingerprint, file) {
      const installed = js.installOfflineAnswer(readFileSync(file, 'utf8'), {
        publicKey: license.publicKey,
        hardwareFingerprint: fingerprint,
        productIdentifier: license.identifier,
      });
      return installed.document.serial;
    },
  };
};

async function expectNoHorizontalScroll(page: Page) {
  const widths = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, view: window.innerWidth }));
  expect(widths.scroll).toBeLessThanOrEqual(widths.view);
}

/** Presses Tab (then Shift+Tab, for what comes before the focus) until `target` has the focus: it is reachable by keyboard. */
async function tabTo(page: Page, target: Locator, presses = 40) {
  for (const key of ['Tab', 'Shift+Tab']) {
    for (let pressed = 0; pressed < presses; pressed++) {
      await page.keyboard.press(key);
      if (await target.evaluate((element) => element === document.activeElement).catch(() => false)) return;
    }
  }
  throw new Error(`Not reached by ${presses} presses of Tab or Shift+Tab: ${target}`);
}

/** Tab to a link of the portal's navigation and follow it with Enter. */
async function goByKeyboard(page: Page, name: string, path: string, slug: string) {
  await tabTo(page, page.getByRole('navigation').getByRole('link', { name, exact: true }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/portal/${slug}/${path}$`));
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
}

test.describe('a customer acts in the portal (1280×800)', () => {
  test.describe.configure({ timeout: 90_000 });
  let stateDir: string;

  test.beforeEach(() => {
    stateDir = mkdtempSync(join(tmpdir(), 'producthub-e2e-plugin-'));
  });
  test.afterEach(() => rmSync(stateDir, { recursive: true, force: true }));

  // Its own customer, licence and activated machine: no other spec changes them.
  test(`offline activation with ${CPP_PLUGIN_BUILT ? "the C++ example plugin's request-offline and install-offline" : "client-js's createOfflineRequest and installOfflineAnswer (the C++ example is not built)"}, then the machine is freed`, async ({
    page,
  }) => {
    const customer = await newPortalCustomer(page.request);
    const { license } = customer;
    expect(await machinesInUse(license.id)).toBe(1);
    const client = CPP_PLUGIN_BUILT ? cppPlugin(stateDir) : jsClient();
    const fingerprint = `HWFP2-E2E-STUDIO-${randomUUID()}`;

    await signIn(page, customer.email, customer.slug);
    // My licences: the machine activated online, as the database holds it.
    const owned = licenseCard(page, license.serial);
    await expect(owned.getByText(`1 of ${license.machineLimit} in use`)).toBeVisible();
    await expect(owned.getByRole('button', { name: /^Free this machine: / })).toHaveCount(1);
    await expect(
      owned.getByRole('button', { name: `Free this machine: Fingerprint ${customer.activatedFingerprint}` }),
    ).toBeVisible();

    // The studio computer writes its request with no network; the customer uploads it here.
    const requestFile = join(stateDir, 'studio.ophreq');
    await client.request(license, fingerprint, requestFile);
    await page.getByRole('link', { name: 'Offline activation' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Offline activation' })).toBeVisible();
    await page.getByLabel('Activation request file').setInputFiles(requestFile);
    await expect(page.getByText(`This request is for ${license.identifier}, serial ${license.serial}.`)).toBeVisible();
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Upload and get the license file' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(`${license.identifier}.ops`);
    const opsFile = join(stateDir, download.suggestedFilename());
    await download.saveAs(opsFile);
    await expect(page.getByRole('status')).toHaveText(
      `Saved ${license.identifier}.ops. Copy it to the offline computer and install it in the plugin.`,
    );
    // Carried back to the studio: the plugin verifies the answer before it installs it.
    expect(await client.install(license, fingerprint, opsFile)).toBe(license.serial);

    // The studio is listed by the name its request reported, its fingerprint below it. It is gone: the customer
    // frees that machine; the list is read again without it.
    await page.getByRole('link', { name: 'My licenses' }).click();
    const card = licenseCard(page, license.serial);
    await expect(card.getByText(`2 of ${license.machineLimit} in use`)).toBeVisible();
    await expect(card.getByText(STUDIO_NAME, { exact: true })).toBeVisible();
    await expect(card.getByText(`Fingerprint ${fingerprint}`, { exact: true })).toBeVisible();
    const freeButton = card.getByRole('button', { name: `Free this machine: ${STUDIO_NAME}` });
    await freeButton.click();
    const dialog = page.getByRole('dialog', { name: 'Free this machine?' });
    await expect(dialog).toContainText(`${STUDIO_NAME} will no longer use this license`);
    await dialog.getByRole('button', { name: 'Free this machine' }).click();
    await expect(dialog).toBeHidden();
    await expect(card.getByRole('status').filter({ hasText: `${STUDIO_NAME} was freed.` })).toBeVisible();
    await expect(freeButton).toHaveCount(0);
    await expect(card.getByText(`1 of ${license.machineLimit} in use`)).toBeVisible();
    await page.reload();
    await expect(licenseCard(page, license.serial).getByText(`1 of ${license.machineLimit} in use`)).toBeVisible();
    expect(await machinesInUse(license.id)).toBe(1);
  });

  test('downloads an installer whose bytes are the build file stored for it', async ({ page }) => {
    await signIn(page, CUSTOMER);
    await page.getByRole('link', { name: 'Downloads' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Downloads' })).toBeVisible();
    await expectDownloadOfStoredBuildFile(
      page,
      page.getByRole('link', { name: /^Download .+\.(pkg|exe|zip)$/ }).first(),
    );
  });

  test('changes the email with the code mailed to the new address, and signs in with it', async ({ page }) => {
    const newEmail = `user37.studio-${Date.now()}@aurora.listener.example`;
    await signIn(page, CUSTOMER);
    await page.getByRole('link', { name: 'My account' }).click();
    await expect(page.getByText(`You are signed in as ${CUSTOMER}.`)).toBeVisible();
    const after = deliveredMailCount();
    await page.getByLabel('New email address').fill(newEmail);
    await page.getByRole('button', { name: 'Send a code to the new address' }).click();
    await expect(page.getByRole('heading', { name: 'Check your new inbox' })).toBeVisible();
    const mail = await waitForDeliveredMail(newEmail, 'portal.email-change-code', after);
    const code = /\b(\d{6})\b/.exec(mail.subject)![1];
    await page.getByLabel('6-digit code').fill(code);
    await page.getByRole('button', { name: 'Confirm the new address' }).click();
    try {
      await expect(page.getByRole('status')).toHaveText(`Your email is now ${newEmail}. We told your old address.`);
      await expect(page.getByText(`Signed in as ${newEmail}`, { exact: true })).toBeVisible();
      await waitForDeliveredMail(CUSTOMER, 'portal.email-changed', after);

      await page.getByRole('button', { name: 'Sign out' }).click();
      await expect(page.getByText('You are signed out.')).toBeVisible();
      await signIn(page, newEmail);
      await page.getByRole('link', { name: 'My account' }).click();
      await expect(page.getByText(`You are signed in as ${newEmail}.`)).toBeVisible();
    } finally {
      await changeEmailBack(page, newEmail);
    }
  });
});

/** Back to the demo address through the portal's API with the session of the changed one, for the specs that follow. */
async function changeEmailBack(page: Page, changed: string) {
  const session = await page.evaluate((slug) => sessionStorage.getItem(`producthub_portal_session:${slug}`), SLUG);
  const parsed = session ? (JSON.parse(session) as { token: string; user: { email: string } }) : null;
  if (parsed?.user.email !== changed)
    throw new Error(`No portal session of ${changed} to change the email back to ${CUSTOMER} with`);
  const headers = { Authorization: `PortalSession ${parsed.token}` };
  const before = deliveredMailCount();
  expect(
    (
      await page.request.post(`${E2E_BASE_URL}/api/v1/portal/email-change`, { headers, data: { new_email: CUSTOMER } })
    ).status(),
  ).toBe(202);
  const code = /\b(\d{6})\b/.exec(
    (await waitForDeliveredMail(CUSTOMER, 'portal.email-change-code', before)).subject,
  )![1];
  expect(
    (
      await page.request.post(`${E2E_BASE_URL}/api/v1/portal/email-change/confirm`, { headers, data: { code } })
    ).status(),
  ).toBe(200);
}

test.describe('the customer pages at 390×844', () => {
  // Five pages, each with axe, and its own customer made first: more than the default 30 s on a loaded machine.
  test.describe.configure({ timeout: 90_000 });
  test.use({ viewport: PHONE });

  // Its own customer with a licence and an activated machine, so every page has its controls whatever other specs did.
  test('licences, trials, downloads, offline activation and my account: no horizontal scroll, axe clean, by keyboard', async ({
    page,
  }) => {
    const customer = await newPortalCustomer(page.request);
    await signIn(page, customer.email, customer.slug);
    const pages = [
      {
        name: 'My licenses',
        path: 'licenses',
        control: page.getByRole('button', { name: /^Free this machine: / }).first(),
      },
      { name: 'My trials', path: 'trials', control: null },
      { name: 'Downloads', path: 'downloads', control: page.getByRole('link', { name: /^Download / }).first() },
      { name: 'Offline activation', path: 'offline', control: page.getByLabel('Activation request file') },
      { name: 'My account', path: 'account', control: page.getByLabel('New email address') },
    ];
    for (const { name, path, control } of pages) {
      await goByKeyboard(page, name, path, customer.slug);
      await expect(page.getByText(/Loading/)).toHaveCount(0);
      await expectNoHorizontalScroll(page);
      expect(await seriousViolations(page), `axe on ${name}`).toEqual([]);
      if (control) await tabTo(page, control);
    }

    // Freeing a machine by keyboard opens the confirmation, which Escape closes with nothing freed.
    await goByKeyboard(page, 'My licenses', 'licenses', customer.slug);
    const before = await page.getByRole('button', { name: /^Free this machine: / }).count();
    await tabTo(page, page.getByRole('button', { name: /^Free this machine: / }).first());
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Free this machine?' });
    await expect(dialog).toBeVisible();
    await expectNoHorizontalScroll(page);
    expect(await seriousViolations(page), 'axe on the confirmation').toEqual([]);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('button', { name: /^Free this machine: / })).toHaveCount(before);
  });
});
