// `npm run bench:portal`: the customer portal's first load in headless Chromium, on the built stack (the API server
// serving the portal's standalone page and remote, as `npm start` does) and the seeded bench database. Each of
// --loads cold loads (fresh browser context: empty cache and storage) opens manufacturer 1's portal at its sign-in
// page and measures, on the page's clock from the navigation's start, when the sign-in form is usable (its email
// field and button on screen and enabled, plus the next frame), and the JS on the wire (compressed as the server
// sends it) by then and once the network is idle. Prints a markdown table beside the floors; the JSON goes to
// e2e/bench/results/portal-<time>.json.
//
//   node e2e/bench/portal.mjs [--loads 5] [--data-dir …] [--pg-port …] [--api-port …]
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { benchCommandLine } from './command-line.mjs';
import { missingPrerequisite, startConsoleServer } from './server.mjs';

const REPO = fileURLToPath(new URL('../..', import.meta.url));
// Manufacturer 1 ("Bench Manufacturer 1", api-server/bench/seed.mjs): its portal slug is made from its name.
const SLUG = 'bench-manufacturer-1';
const FLOORS = { jsKb: 150, interactiveMs: 1000 };
const STEP_TIMEOUT_MS = 60_000;

const { settings, loads } = benchCommandLine();

const missing =
  missingPrerequisite(REPO, settings) ??
  (existsSync(`${REPO}/mfe-portal/dist/host-page.html`)
    ? undefined
    : 'The portal is not built: run `npx lerna run build --scope mfe-portal`.');
if (missing) {
  console.error(`Portal bench: ${missing}`);
  process.exit(1);
}

/** Runs in the page before any of its scripts: resolves `__portalBench` when the sign-in form is usable. */
function probe() {
  const visible = (element) => {
    if (!element) return false;
    const box = element.getBoundingClientRect();
    return box.width > 0 && box.height > 0 && getComputedStyle(element).visibility !== 'hidden';
  };
  const usable = () => {
    const form = document.querySelector('form');
    const email = form?.querySelector('input[type="email"]');
    const submit = form?.querySelector('button[type="submit"]');
    return visible(email) && visible(submit) && !email.disabled && !submit.disabled;
  };
  window.__portalBench = new Promise((resolve) => {
    const check = () => {
      if (!usable()) return;
      observer.disconnect();
      // The figure ends with the frame that can show the form, not when the DOM first held it.
      requestAnimationFrame(() => setTimeout(() => resolve({ usableAt: performance.now() }), 0));
    };
    const observer = new MutationObserver(check);
    const start = () => {
      observer.observe(document, { childList: true, subtree: true, attributes: true });
      check();
    };
    if (document.documentElement) start();
    else document.addEventListener('readystatechange', start, { once: true });
  });
}

async function coldLoad(browser, url) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  context.setDefaultTimeout(STEP_TIMEOUT_MS);
  await context.addInitScript(probe);
  const page = await context.newPage();
  const encodings = new Set();
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script')
      encodings.add(response.headers()['content-encoding'] ?? 'identity');
  });
  try {
    await page.goto(url, { waitUntil: 'commit' });
    const { usableAt } = await page.evaluate(() => window.__portalBench);
    await page.waitForLoadState('networkidle');
    // Resource Timing: each script's body as sent (compressed) and when it had arrived, on the page's clock.
    const responses = await page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .filter((entry) => entry.initiatorType === 'script' || /\.js(\?|$)/.test(entry.name))
        .map((entry) => ({ url: new URL(entry.name).pathname, bytes: entry.encodedBodySize, end: entry.responseEnd })),
    );
    const sum = (list) => list.reduce((total, response) => total + response.bytes, 0);
    const first = responses.filter((response) => response.end <= usableAt);
    return {
      interactiveMs: usableAt,
      jsBytesBeforeForm: sum(first),
      requestsBeforeForm: first.length,
      jsBytes: sum(responses),
      requests: responses.length,
      encodings: [...encodings],
      responses,
    };
  } finally {
    await context.close();
  }
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};
const kb = (bytes) => bytes / 1024;

let server;
let browser;
try {
  server = await startConsoleServer(REPO, settings);
  const descriptor = await fetch(`${server.url}/api/v1/portal/${SLUG}`);
  if (!descriptor.ok) throw new Error(`No portal ${SLUG} (${descriptor.status}): seed the bench database.`);
  browser = await chromium.launch({
    executablePath: process.env.PRODUCTHUB_CHROMIUM || '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
  });
  const results = [];
  for (let n = 1; n <= loads; n += 1) {
    const result = await coldLoad(browser, `${server.url}/portal/${SLUG}/sign-in`);
    console.error(
      `load ${n}/${loads}: sign-in form usable ${result.interactiveMs.toFixed(0)} ms, JS ${kb(result.jsBytesBeforeForm).toFixed(1)} KB in ${result.requestsBeforeForm} before it, ${kb(result.jsBytes).toFixed(1)} KB in ${result.requests} in all`,
    );
    results.push(result);
  }
  const encodings = [...new Set(results.flatMap((result) => result.encodings))];
  const summary = {
    interactiveMs: median(results.map((result) => result.interactiveMs)),
    interactiveMsMax: Math.max(...results.map((result) => result.interactiveMs)),
    jsKbBeforeForm: kb(median(results.map((result) => result.jsBytesBeforeForm))),
    jsKb: kb(median(results.map((result) => result.jsBytes))),
    requests: median(results.map((result) => result.requests)),
  };
  const at = new Date().toISOString();
  const load = loadavg().map((value) => value.toFixed(2));
  const verdict = (met) => (met ? 'met' : 'MISSED');
  const lines = [
    `Portal first load: ${cpus().length} cores, load average ${load.join('/')} at the end, ${loads} cold loads in ${browser.version()}, ${server.url}/portal/${SLUG}/sign-in`,
    '',
    '| Figure | median | max | floor | |',
    '|---|---:|---:|---:|---|',
    `| navigation → sign-in form usable | ${summary.interactiveMs.toFixed(1)} ms | ${summary.interactiveMsMax.toFixed(1)} ms | ${FLOORS.interactiveMs} ms | ${verdict(summary.interactiveMs <= FLOORS.interactiveMs)} |`,
    `| JS on the wire before the form is usable (${encodings.join(', ')}) | ${summary.jsKbBeforeForm.toFixed(1)} KB | | ${FLOORS.jsKb} KB | ${verdict(summary.jsKbBeforeForm <= FLOORS.jsKb)} |`,
    `| JS on the wire, whole load (network idle; ${summary.requests} requests) | ${summary.jsKb.toFixed(1)} KB | | ${FLOORS.jsKb} KB | ${verdict(summary.jsKb <= FLOORS.jsKb)} |`,
  ];
  const report = { at, cpus: cpus().length, loadAverage: load, browser: browser.version(), summary, loads: results };
  mkdirSync(new URL('results', import.meta.url), { recursive: true });
  const file = fileURLToPath(new URL(`results/portal-${at.replace(/[:.]/g, '-')}.json`, import.meta.url));
  writeFileSync(file, JSON.stringify(report, null, 2));
  console.log(lines.join('\n'));
  console.log(`\nJSON: ${file}`);
} catch (error) {
  const message = error instanceof Error ? error.message : String(error);
  console.error(`Portal bench failed: ${message.split('\n').slice(0, 6).join('\n')}`);
  process.exitCode = 1;
} finally {
  await browser?.close().catch(() => {});
  await server?.stop();
}
