// `npm run bench:console`: console figures in headless Chromium over the built stack on the seeded bench
// database (`npm run bench:seed`, then build). Each of --loads cold loads uses a fresh browser context (empty
// cache and storage). Prints a markdown table; the JSON goes to e2e/bench/results/console-<time>.json.
//
//   node e2e/bench/console.mjs [--loads 5] [--data-dir …] [--pg-port …] [--api-port …] [--baseline <results JSON>]
//
// --baseline: an earlier run's JSON (e2e/bench/results/console-*.json, e.g. before a change): the report puts
// its component counts per interaction beside this run's.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { BENCH_PASSWORD, benchStaffEmail } from '../../api-server/bench/settings.mjs';
import { coldLoad } from './cold-load.mjs';
import { benchCommandLine } from './command-line.mjs';
import { markdown, summarize } from './report.mjs';
import { missingPrerequisite, startConsoleServer } from './server.mjs';

const REPO = fileURLToPath(new URL('../..', import.meta.url));
// Manufacturer 1's first product holds 100,000 licences (api-server/bench/seed.mjs).
const BIG_PRODUCT = 1;
const STEP_TIMEOUT_MS = 60_000;
const WHOLE_RUN_TIMEOUT_MS = 15 * 60_000;

const { args, settings, loads } = benchCommandLine({ baseline: { type: 'string' } });
const baseline = args.baseline ? JSON.parse(readFileSync(args.baseline, 'utf8')) : undefined;

const missing = missingPrerequisite(REPO, settings);
if (missing) {
  console.error(`Console bench: ${missing}`);
  process.exit(1);
}

let server;
let browser;
const cleanUp = async () => {
  await browser?.close().catch(() => {});
  await server?.stop();
};
let interrupted = false;
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    interrupted = true;
    console.error(`Console bench: ${signal}, stopping the browser and the server.`);
    void cleanUp().finally(() => process.exit(130));
  });
}
const watchdog = setTimeout(() => {
  console.error(`Console bench: still running after ${WHOLE_RUN_TIMEOUT_MS / 60_000} min, giving up.`);
  void cleanUp().finally(() => process.exit(1));
}, WHOLE_RUN_TIMEOUT_MS);

try {
  server = await startConsoleServer(REPO, settings);
  browser = await chromium.launch({
    executablePath: process.env.PRODUCTHUB_CHROMIUM || '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
    // This script closes the browser, then the server, on a signal (Playwright would close the browser under it).
    handleSIGINT: false,
    handleSIGTERM: false,
  });
  const results = [];
  for (let n = 1; n <= loads; n += 1) {
    const result = await coldLoad(browser, {
      url: server.url,
      login: { email: benchStaffEmail(1), password: BENCH_PASSWORD },
      productId: BIG_PRODUCT,
      timeoutMs: STEP_TIMEOUT_MS,
    });
    // The 250-row figures need two pages of 250 at least; the big product's list is 100,000 (400 pages, scale 1), and
    // the report says which size it measured.
    if (result.lastPage < 2)
      throw new Error(
        `Product ${BIG_PRODUCT} shows ${result.lastPage} page(s) of 250: seed the bench database (\`npm run bench:seed\`).`,
      );
    const f = result.figures;
    console.error(
      `load ${n}/${loads}: sign-in ${f.signInForm.toFixed(0)} ms, login→row ${f.loginToFirstRow.toFixed(0)} ms, licences ${f.openLicences.toFixed(0)} ms, ` +
        `250/page ${f.perPage250.toFixed(0)} ms, select all ${f.selectAll.toFixed(0)} ms, JS ${(result.scripts.bytes / 1024).toFixed(0)} KB in ${result.scripts.requests}`,
    );
    results.push(result);
  }

  const at = new Date().toISOString();
  const load = loadavg().map((value) => value.toFixed(2));
  const summary = summarize(results);
  const report = {
    at,
    cpus: cpus().length,
    loadAverage: load,
    browser: browser.version(),
    dataDir: settings.dataDir,
    loads: results,
    summary,
  };
  mkdirSync(new URL('results', import.meta.url), { recursive: true });
  const file = fileURLToPath(new URL(`results/console-${at.replace(/[:.]/g, '-')}.json`, import.meta.url));
  writeFileSync(file, JSON.stringify(report, null, 2));
  console.log(markdown({ summary, loads: results, load, at, baseline }));
  console.log(`\nJSON: ${file}`);
} catch (error) {
  if (interrupted) await new Promise(() => {}); // the signal handler cleans up and exits
  // Playwright appends the browser's whole log to some errors: the first lines say what went wrong.
  const message = error instanceof Error ? error.message : String(error);
  console.error(`Console bench failed: ${message.split('\n').slice(0, 6).join('\n')}`);
  process.exitCode = 1;
} finally {
  clearTimeout(watchdog);
  await cleanUp();
}
