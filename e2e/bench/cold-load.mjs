// One cold load of the console in a fresh browser context (empty cache and storage), timed inside the page
// (see page-probe.js): sign-in form, login to the first row of My Products, the big product's licences at 250
// per page, and the selection interactions of that 250-row list with what React rendered for each.
import { fileURLToPath } from 'node:url';

const PROBE = fileURLToPath(new URL('page-probe.js', import.meta.url));
/** Components counted as "rows" in the render report: the Table's row and the parts it is split into. */
export const ROW_COMPONENTS = ['TableRow', 'TableRowCells'];
const ROW_TO_TICK = 42;

export async function coldLoad(browser, { url, login, productId, timeoutMs }) {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  context.setDefaultTimeout(timeoutMs);
  await context.addInitScript({ path: PROBE });
  const page = await context.newPage();
  const scripts = trackScripts(page);
  try {
    const figures = {};

    scripts.phase('sign-in form');
    await page.goto(`${url}/Home/MyProducts`, { waitUntil: 'commit' });
    const form = await page.evaluate(() => window.__bench.signInForm);
    if (form.error) throw new Error(form.error);
    figures.signInForm = form.paintedAt;

    scripts.phase('login to My Products');
    await page.getByLabel('Email').fill(login.email);
    await page.getByLabel('Password').fill(login.password);
    figures.loginToFirstRow = await timed(page, 'firstRow', () =>
      page.getByRole('button', { name: 'Sign In' }).click(),
    );

    scripts.phase('licences');
    const licencesLink = page.locator(`main a[href^="/Home/ProductLicenses/${productId}/"]`);
    figures.openLicences = await timed(page, 'selectableRow', () => licencesLink.click());
    const interactions = {};
    interactions.show250 = await interaction(page, 'rows250', () => page.getByLabel('Per page').selectOption('250'));
    figures.perPage250 = interactions.show250.ms;
    const lastPage = await page
      .getByRole('navigation', { name: 'Pagination' })
      .getByRole('button', { name: /^Page \d+$/ })
      .last()
      .textContent();

    const selectAll = page.getByRole('checkbox', { name: 'Select All' });
    interactions.selectAll = await interaction(page, 'allChecked', () => selectAll.click());
    interactions.deselectAll = await interaction(page, 'noneChecked', () => selectAll.click());
    const rowBox = page
      .locator('tbody')
      .getByRole('checkbox', { name: /^Select row / })
      .nth(ROW_TO_TICK - 1);
    interactions.tickOneRow = await interaction(page, 'oneChecked', () => rowBox.click());
    figures.selectAll = interactions.selectAll.ms;

    // A returning visitor: the list remembers 250 per page (docs/console.md, Lists), so the list opens at 250 straight away.
    await page.getByRole('link', { name: 'My Products' }).click();
    await page.evaluate(() => window.__bench.waitFor('firstRow'));
    figures.reopenAt250 = await timed(page, 'rows250', () => licencesLink.click());

    return { figures, interactions, lastPage: Number(lastPage), scripts: await scripts.totals() };
  } finally {
    await context.close();
  }
}

/** Milliseconds from the user's input (the pointer press or the select's change) to the frame after `condition` held. */
async function timed(page, condition, act) {
  await page.evaluate((name) => {
    window.__benchPending = window.__bench.waitFor(name);
  }, condition);
  await act();
  return page.evaluate(async () => {
    const { paintedAt } = await window.__benchPending;
    return paintedAt - window.__bench.lastPress();
  });
}

/** A timed interaction, with the components React rendered for it and its Event Timing duration. */
async function interaction(page, condition, act) {
  await page.evaluate(() => window.__bench.resetRenders());
  const ms = await timed(page, condition, act);
  const { commits, renders, interactions, hookConnected } = await page.evaluate(() => window.__bench.settledRenders());
  if (!hookConnected)
    throw new Error('React did not connect to the render-counting hook (is the build React 19 with DevTools support?)');
  const rows = Object.fromEntries(ROW_COMPONENTS.map((name) => [name, renders[name] ?? 0]));
  const total = Object.values(renders).reduce((sum, count) => sum + count, 0);
  const eventTiming = interactions.length > 0 ? Math.max(...interactions.map((entry) => entry.duration)) : null;
  return { ms, eventTiming, commits, rows, total, renders };
}

/** Every JS response with its encoded (on-the-wire body) size, by phase of the load. */
function trackScripts(page) {
  const pending = [];
  let current = 'start';
  page.on('response', (response) => {
    const type = response.headers()['content-type'] ?? '';
    if (response.request().resourceType() !== 'script' && !type.includes('javascript')) return;
    const phase = current;
    pending.push(
      response
        .request()
        .sizes()
        .then((sizes) => ({ phase, url: new URL(response.url()).pathname, bytes: sizes.responseBodySize })),
    );
  });
  return {
    phase: (name) => (current = name),
    async totals() {
      const responses = await Promise.all(pending);
      const byPhase = {};
      for (const { phase, bytes } of responses) {
        byPhase[phase] ??= { requests: 0, bytes: 0 };
        byPhase[phase].requests += 1;
        byPhase[phase].bytes += bytes;
      }
      return { requests: responses.length, bytes: responses.reduce((sum, r) => sum + r.bytes, 0), byPhase, responses };
    },
  };
}
