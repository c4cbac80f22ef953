import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { expect, test } from '@playwright/test';
import { verifyLicenseFile } from 'signed-formats';
import { signInByCode } from '../support/portal-sign-in';
import { newPortalCustomer, type PortalCustomer } from '../support/portal-customer';
import { E2E_BASE_URL } from '../support/stack';
import { clickInWindow, findWindow, startXvfb, type XDisplay } from '../support/x-display';

// The JUCE example plugin (client-juce/example) as its Standalone app, under Xvfb, activated through the browser the
// way a customer does it: a click on "Activate in the browser" in the app's window (xdotool), the address the app
// hands to xdg-open (a fake one on PATH writes it down), the portal in Chromium (sign-in with the mailed code,
// approve), then the app logs "Licence: licensed" and a fresh start of the app verifies the kept file offline.
// The app is built by the clients suite of npm test (node scripts/test-juce.mjs builds it alone).

const ROOT = resolve(__dirname, '..', '..');
const APP = join(
  ROOT,
  'client-juce',
  'build',
  'example',
  'producthub_example_artefacts',
  'Release',
  'Standalone',
  'ProductHub Example',
);
const TITLE = 'ProductHub Example';
/** The editor's size (client-juce/example/source/ExampleEditor.cpp) and where its activation screen puts the button. */
const EDITOR = { width: 520, height: 360 };
const BROWSER_BUTTON = { x: 136, y: 162 };

interface RunningApp {
  process: ChildProcess;
  /** Resolves with the first log line matching `pattern`. */
  logLine: (pattern: RegExp) => Promise<string>;
  log: () => string;
}

/** The Standalone app on `display`, with its home, its PATH (the fake xdg-open first) and its configuration file. */
function startApp(display: string, home: string, bin: string, config: string): RunningApp {
  const child = spawn(APP, [], {
    env: {
      ...process.env,
      DISPLAY: display,
      HOME: home,
      PATH: `${bin}:${process.env.PATH}`,
      PRODUCTHUB_LICENSING_CONFIG: config,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const waiting: { pattern: RegExp; found: (line: string) => void }[] = [];
  const scan = () => {
    for (const wait of [...waiting]) {
      const line = output.split('\n').find((candidate) => wait.pattern.test(candidate));
      if (line) {
        waiting.splice(waiting.indexOf(wait), 1);
        wait.found(line);
      }
    }
  };
  for (const stream of [child.stdout!, child.stderr!])
    stream.on('data', (chunk: Buffer) => {
      output += chunk.toString('utf8');
      scan();
    });
  return {
    process: child,
    log: () => output,
    logLine: (pattern) =>
      new Promise((found) => {
        waiting.push({ pattern, found });
        scan();
      }),
  };
}

/** Waits for `promise`, failing with the app's log when it does not come within `ms`. */
async function within<T>(promise: Promise<T>, ms: number, what: string, app: RunningApp): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, failed) => {
    timer = setTimeout(
      () => failed(new Error(`${what} did not happen within ${ms} ms. The app's log:\n${app.log()}`)),
      ms,
    );
  });
  try {
    return await Promise.race([promise, late]);
  } finally {
    clearTimeout(timer);
  }
}

test.describe('the JUCE example Standalone app', () => {
  test.describe.configure({ timeout: 150_000 });
  let work: string;
  let x: XDisplay | undefined;
  const apps: RunningApp[] = [];

  test.beforeEach(() => {
    work = mkdtempSync(join(tmpdir(), 'producthub-e2e-juce-'));
  });
  test.afterEach(() => {
    for (const app of apps.splice(0)) app.process.kill();
    x?.stop();
    rmSync(work, { recursive: true, force: true });
  });

  test('is activated through the browser: a click in the app, sign-in with the mailed code and approval in the portal, then licensed with a file that verifies', async ({
    page,
  }) => {
    expect(existsSync(APP), `the Standalone app is built (node scripts/test-juce.mjs): ${APP}`).toBe(true);
    const customer: PortalCustomer = await newPortalCustomer(page.request);
    const { license } = customer;

    // What a plugin maker ships next to the app, and a home of its own (the licence lands in ~/.config/ProductHub).
    const config = join(work, 'producthub-licensing.json');
    writeFileSync(
      config,
      JSON.stringify({
        server_url: E2E_BASE_URL,
        product_id: license.productId,
        product_identifier: license.identifier,
        public_key: license.publicKey,
      }),
    );
    const home = join(work, 'home');
    const bin = join(work, 'bin');
    const opened = join(work, 'opened-urls');
    mkdirSync(home);
    mkdirSync(bin);
    writeFileSync(join(bin, 'xdg-open'), `#!/bin/sh\nprintf '%s\\n' "$1" >> '${opened}'\n`);
    chmodSync(join(bin, 'xdg-open'), 0o755);

    x = await startXvfb();
    const app = startApp(x.display, home, bin, config);
    apps.push(app);
    const machine = /this machine (\S+)/.exec(
      await within(app.logLine(/this machine /), 30_000, 'the app starting', app),
    )![1];
    await within(app.logLine(/^Licence: unlicensed/), 30_000, 'the unlicensed state', app);
    const window = findWindow(x.display, TITLE);

    // The activation screen covers the editor, which sits at the bottom of the window (under the title bar and the
    // audio notice) inside a border as wide as on the sides.
    const left = Math.round((window.width - EDITOR.width) / 2);
    const top = window.height - EDITOR.height - left;
    clickInWindow(x.display, window.id, left + BROWSER_BUTTON.x, top + BROWSER_BUTTON.y);
    const waitingLine = await within(
      app.logLine(/approve code [A-Z]{4}-[A-Z]{4}/),
      30_000,
      'the browser activation',
      app,
    );
    const code = /approve code ([A-Z]{4}-[A-Z]{4})/.exec(waitingLine)![1];
    await expect.poll(() => existsSync(opened), { message: 'the app opened the browser with xdg-open' }).toBe(true);
    const address = readFileSync(opened, 'utf8').trim();
    expect(address).toBe(`${E2E_BASE_URL}/portal/${customer.slug}/activate?code=${code}`);

    await page.goto(address);
    await signInByCode(page, customer.email, address);
    await expect(page.getByRole('heading', { level: 1, name: `Activate ${license.productName}` })).toBeVisible();
    await expect(page.getByText(code, { exact: true })).toBeVisible();
    await expect(page.getByRole('radio', { name: new RegExp(`^${license.serial}: `) })).toBeChecked();
    await page.getByRole('button', { name: 'Activate on this computer' }).click();
    await expect(page.getByRole('status')).toContainText(`${license.productName} is activated on this computer.`);

    await within(app.logLine(new RegExp(`^Licence: licensed ${license.serial}`)), 30_000, 'the licensed state', app);
    const stored = join(home, '.config', 'ProductHub', license.identifier, 'license.ops');
    const verified = verifyLicenseFile(readFileSync(stored, 'utf8'), license.publicKey, {
      hardwareFingerprint: machine,
      productIdentifier: license.identifier,
    });
    expect(verified).toMatchObject({
      valid: true,
      document: { serial: license.serial, hardware_fingerprint: machine },
    });

    // The module's own check: a new start reads and verifies the kept file offline and is licensed at once.
    app.process.kill();
    apps.splice(0);
    const again = startApp(x.display, home, bin, config);
    apps.push(again);
    const first = await within(again.logLine(/^Licence: (?!server)/), 30_000, 'the second start', again);
    expect(first).toBe(`Licence: licensed ${license.serial}`);
  });
});
