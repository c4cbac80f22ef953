import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { expect, test } from '@playwright/test';
import { verifyLicenseFile } from 'signed-formats';
import { seriousViolations } from '../support/axe';
import { lastMailId, signInMailParts, waitForKeptMail } from '../support/kept-mail';
import { newPortalCustomer } from '../support/portal-customer';
import { E2E_BASE_URL } from '../support/stack';

// Activation in the browser, the whole loop in Chromium on the built stack: the C++ example plugin starts a request
// and polls; the test opens the address it prints, signs in with the code mailed to the customer (kept in the
// outbox), picks the licence and approves; the plugin then saves the licence file, which verifies.

const ROOT = resolve(__dirname, '..', '..');
const PLUGIN = join(ROOT, 'client-cpp', 'build', 'producthub-plugin');
const MACHINE = 'E2E Browser Studio';

/** The plugin running activate-in-browser: the address it printed, and its JSON answer once it ends. */
function startPlugin(args: string[]): {
  process: ChildProcess;
  address: Promise<string>;
  done: Promise<{ exit: number; output: Record<string, unknown> }>;
} {
  const child = spawn(PLUGIN, ['activate-in-browser', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
  const address = new Promise<string>((found, failed) => {
    child.stderr!.on('data', (chunk: Buffer) => {
      stderr += chunk.toString('utf8');
      const match = /open (http\S+)/.exec(stderr);
      if (match) found(match[1]);
    });
    child.on('exit', () => failed(new Error(`the plugin ended before printing an address: ${stderr} ${stdout}`)));
  });
  const done = new Promise<{ exit: number; output: Record<string, unknown> }>((ended) =>
    child.on('exit', (code) =>
      ended({ exit: code ?? -1, output: JSON.parse(stdout || '{}') as Record<string, unknown> }),
    ),
  );
  return { process: child, address, done };
}

test.describe('activation in the browser', () => {
  test.skip(!existsSync(PLUGIN), 'the C++ example plugin is not built (make -C client-cpp)');
  test.describe.configure({ timeout: 120_000 });
  let stateDir: string;
  let plugin: ReturnType<typeof startPlugin> | undefined;

  test.beforeEach(() => {
    stateDir = mkdtempSync(join(tmpdir(), 'producthub-e2e-browser-'));
  });
  test.afterEach(() => {
    plugin?.process.kill();
    rmSync(stateDir, { recursive: true, force: true });
  });

  test('the plugin shows a code, the customer signs in and approves, the plugin saves a licence file that verifies', async ({
    page,
  }) => {
    const customer = await newPortalCustomer(page.request);
    const { license } = customer;
    const fingerprint = `HWFP2-E2E-BROWSER-${randomUUID()}`;
    const common = [
      '--product-id',
      String(license.productId),
      '--public-key',
      license.publicKey,
      '--fingerprint',
      fingerprint,
    ];
    plugin = startPlugin([
      '--server',
      E2E_BASE_URL,
      ...common,
      '--product-identifier',
      license.identifier,
      '--state-dir',
      stateDir,
      '--machine-name',
      MACHINE,
      '--open-browser',
      'no',
    ]);
    const address = await plugin.address;
    expect(address).toMatch(new RegExp(`^${E2E_BASE_URL}/portal/${customer.slug}/activate\\?code=[A-Z]{4}-[A-Z]{4}$`));
    const code = new URL(address).searchParams.get('code')!;

    // Not signed in: the page leads to sign-in, and sign-in back to the page with its code.
    const after = await lastMailId();
    await page.goto(address);
    await page.getByLabel('Email address').fill(customer.email);
    await page.getByLabel('Email address').press('Enter');
    const mail = await waitForKeptMail(customer.email, 'portal.sign-in-code', after);
    await page.getByLabel('6-digit code').fill(signInMailParts(mail).code);
    await page.getByLabel('6-digit code').press('Enter');
    await expect(page).toHaveURL(address);

    await expect(page.getByRole('heading', { level: 1, name: `Activate ${license.productName}` })).toBeVisible();
    await expect(page.getByText(code, { exact: true })).toBeVisible();
    await expect(page.getByText(MACHINE, { exact: true })).toBeVisible();
    await expect(page.getByText(fingerprint, { exact: true })).toBeVisible();
    const choice = page.getByRole('radio', { name: `${license.serial}: on 1 of ${license.machineLimit} computers` });
    await expect(choice).toBeChecked();
    expect(await seriousViolations(page), 'axe on the approval page').toEqual([]);

    // By keyboard: from the licence to the button.
    await choice.focus();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: 'Activate on this computer' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('status')).toHaveText(
      `${license.productName} is activated on this computer. You can return to ${license.productName} now.`,
    );
    expect(await seriousViolations(page), 'axe on the confirmation').toEqual([]);

    const result = await plugin.done;
    expect(result).toMatchObject({
      exit: 0,
      output: { ok: true, outcome: 'activated', serial: license.serial, user_code: code },
    });
    const verified = verifyLicenseFile(readFileSync(join(stateDir, 'license.ops'), 'utf8'), license.publicKey, {
      hardwareFingerprint: fingerprint,
      productIdentifier: license.identifier,
    });
    expect(verified).toMatchObject({
      valid: true,
      document: { serial: license.serial, hardware_fingerprint: fingerprint },
    });

    // The code is used: opening it again says so in plain words.
    await page.goto(address);
    await expect(page.getByText(/This code has already been used/)).toBeVisible();
  });
});
