import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { expect, test } from '@playwright/test';
import { verifyLicenseFile } from 'signed-formats';
import { seriousViolations } from '../support/axe';
import { CPP_PLUGIN, pluginMachine } from '../support/cpp-plugin';
import { signInByCode } from '../support/portal-sign-in';
import { newPortalCustomer } from '../support/portal-customer';
import { E2E_BASE_URL } from '../support/stack';

// Activation in the browser, the whole loop in Chromium on the built stack: the C++ example plugin (without it
// built, client-js's startBrowserActivation and waitForBrowserActivation in the same command-line shape) starts a
// request and polls; the test opens the address it prints, signs in with the code mailed to the customer (as the
// run's SMTP capture received it), picks the licence and approves; the plugin then saves the licence file, which
// verifies.

const ROOT = resolve(__dirname, '..', '..');
const CPP_PLUGIN_BUILT = existsSync(CPP_PLUGIN);
const MACHINE = 'E2E Browser Studio';

/** client-js's flow as the C++ example's activate-in-browser runs it: the address on stderr, one JSON answer on stdout. */
const JS_PLUGIN = `
const [server, productId, publicKey, fingerprint, identifier, stateDir, machineName] = process.argv.slice(1);
const { writeFileSync } = require('node:fs');
const { ProductHubClient } = require(${JSON.stringify(join(ROOT, 'client-js', 'dist', 'index.js'))});
(async () => {
  const client = new ProductHubClient({ serverUrl: server, productId: Number(productId), publicKey, productIdentifier: identifier });
  const request = await client.startBrowserActivation({ hardwareFingerprint: fingerprint, signatureSeedVersion: 5, machineName });
  process.stderr.write('To activate, open ' + request.verificationUriComplete + '\\n');
  const license = await client.waitForBrowserActivation(request);
  writeFileSync(stateDir + '/license.ops', license.text);
  console.log(JSON.stringify({ ok: true, outcome: 'activated', serial: license.document.serial, user_code: request.userCode }));
})().catch((error) => { console.log(JSON.stringify({ ok: false, message: String(error) })); process.exit(1); });
`;

interface PluginRun {
  server: string;
  productId: number;
  publicKey: string;
  fingerprint: string;
  identifier: string;
  stateDir: string;
  machineName: string;
}

/** The plugin running its browser activation: the address it printed, and its JSON answer once it ends. */
function startPlugin(run: PluginRun): {
  process: ChildProcess;
  address: Promise<string>;
  done: Promise<{ exit: number; output: Record<string, unknown> }>;
} {
  const args = CPP_PLUGIN_BUILT
    ? ['activate-in-browser']
        .concat(pluginMachine({ ...run, productIdentifier: run.identifier }))
        .concat(['--machine-name', run.machineName, '--open-browser', 'no'])
    : ['-e', JS_PLUGIN, run.server, String(run.productId), run.publicKey, run.fingerprint, run.identifier].concat([
        run.stateDir,
        run.machineName,
      ]);
  const child = spawn(CPP_PLUGIN_BUILT ? CPP_PLUGIN : process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
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

  test(`${CPP_PLUGIN_BUILT ? 'the C++ example plugin' : 'client-js (the C++ example is not built)'} shows a code, the customer signs in and approves, the plugin saves a licence file that verifies`, async ({
    page,
  }) => {
    const customer = await newPortalCustomer(page.request);
    const { license } = customer;
    const fingerprint = `HWFP2-E2E-BROWSER-${randomUUID()}`;
    plugin = startPlugin({
      server: E2E_BASE_URL,
      productId: license.productId,
      publicKey: license.publicKey,
      fingerprint,
      identifier: license.identifier,
      stateDir,
      machineName: MACHINE,
    });
    const address = await plugin.address;
    expect(address).toMatch(new RegExp(`^${E2E_BASE_URL}/portal/${customer.slug}/activate\\?code=[A-Z]{4}-[A-Z]{4}$`));
    const code = new URL(address).searchParams.get('code')!;

    // Not signed in: the page leads to sign-in, and sign-in back to the page with its code.
    await page.goto(address);
    await signInByCode(page, customer.email, address);

    await expect(page.getByRole('heading', { level: 1, name: `Activate ${license.productName}` })).toBeVisible();
    await expect(page.getByText(code, { exact: true })).toBeVisible();
    await expect(page.getByText(MACHINE, { exact: true })).toBeVisible();
    await expect(page.getByText(fingerprint, { exact: true })).toBeVisible();
    const choice = page.getByRole('radio', { name: `${license.serial}: on 1 of ${license.machineLimit} computers` });
    await expect(choice).toBeChecked();
    expect(await seriousViolations(page), 'axe on the approval page').toEqual([]);
    // The same page on a phone (390×844): nothing wider than the screen, axe clean; the rest runs at that size.
    await page.setViewportSize({ width: 390, height: 844 });
    const phoneWidth = await page.evaluate(() => ({
      scroll: document.scrollingElement!.scrollWidth,
      inner: innerWidth,
    }));
    expect(phoneWidth.scroll, 'the approval page is wider than a phone').toBeLessThanOrEqual(phoneWidth.inner);
    expect(await seriousViolations(page), 'axe on the approval page on a phone').toEqual([]);

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
