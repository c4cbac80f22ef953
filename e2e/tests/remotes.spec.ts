import { expect, test, type Page } from '@playwright/test';
import { AURORA_STAFF, E2E_BASE_URL } from '../support/stack';
import { signIn, signInAndWait, storedToken } from '../support/sign-in';
import { serveEmbedPage, serveRemote, startConsole, type Running } from '../embed/servers';

// Ports of this spec: remotes on their own origins, the integrator's page, a second console server.
const LICENSING_PORT = 4101;
const USERS_PORT = 4102;
const EMBED_PORT = 4103;
const CONSOLE_PORT = 4109;
const REVERB = 'com.aurora.reverb';

async function reverbProductId(page: Page, apiOrigin = E2E_BASE_URL): Promise<number> {
  const response = await page.request.get(`${apiOrigin}/api/v1/products?identifier=${REVERB}&per_page=250`, {
    headers: { Authorization: `MSession ${await storedToken(page)}` },
  });
  expect(response.status()).toBe(200);
  const products = (await response.json()) as { data: { id: number; identifier: string }[] };
  return products.data.find((product) => product.identifier === REVERB)!.id;
}

test.describe('remotes deployed on their own', () => {
  test.describe.configure({ mode: 'serial', timeout: 90_000 });
  const running: Running[] = [];
  let licensingRemote: Running;
  let usersRemote: Running;
  let consoleServer: Running;
  let embedPage: Running;

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    licensingRemote = await serveRemote('mfe-licensing', LICENSING_PORT);
    running.push(licensingRemote);
    usersRemote = await serveRemote('mfe-users', USERS_PORT);
    running.push(usersRemote);
    const embedOrigin = `http://127.0.0.1:${EMBED_PORT}`;
    // Only the configuration differs from the main e2e server: the same built shell is served, never rebuilt.
    consoleServer = await startConsole(CONSOLE_PORT, {
      PRODUCTHUB_REMOTES: JSON.stringify({ licensing: `${licensingRemote.url}/mf-manifest.json` }),
      PRODUCTHUB_CORS_ORIGINS: embedOrigin,
    });
    running.push(consoleServer);
    embedPage = await serveEmbedPage(EMBED_PORT, {
      apiBaseUrl: `${consoleServer.url}/api/v1`,
      remotes: { licensing: `${licensingRemote.url}/remoteEntry.js`, users: `${usersRemote.url}/remoteEntry.js` },
    });
    running.push(embedPage);
  });

  test.afterAll(async () => {
    for (const server of running.reverse()) await server.stop();
  });

  test('the shell loads a remote from the origin its run-time config names, allowed by the CSP', async ({ page }) => {
    const config = await (await page.request.get(`${consoleServer.url}/config.json`)).json();
    expect(config.remotes.licensing).toBe(`${licensingRemote.url}/mf-manifest.json`);
    expect(config.remotes.users).toBe('/remotes/mfe-users/mf-manifest.json');
    const csp = (await page.request.get(`${consoleServer.url}/`)).headers()['content-security-policy'];
    expect(csp).toMatch(new RegExp(`script-src 'self' ${licensingRemote.url.replace(/\./g, '\\.')}`));

    const licensingFrom = new Set<string>();
    const blocked: string[] = [];
    page.on('request', (request) => {
      if (
        /remoteEntry\.js|mf-manifest\.json|__federation_expose_routes/.test(request.url()) &&
        /licensing|4101/.test(request.url())
      ) {
        licensingFrom.add(new URL(request.url()).origin);
      }
    });
    page.on('console', (message) => /Content Security Policy/.test(message.text()) && blocked.push(message.text()));
    await signIn(page, AURORA_STAFF, `${consoleServer.url}/`);
    await expect(page).toHaveURL(/\/Home\/Dashboard$/);
    const productId = await reverbProductId(page, consoleServer.url);
    await page.goto(`${consoleServer.url}/Home/ProductLicenses/${productId}/Aurora%20Reverb/${REVERB}`);
    await expect(page.getByRole('heading', { name: 'Licenses for product: Aurora Reverb' })).toBeVisible();
    await expect(page.getByRole('row').nth(1)).toBeVisible();
    expect([...licensingFrom]).toEqual([licensingRemote.url]);

    // The rest still comes from the console's own server.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Users' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
    expect(blocked).toEqual([]);
  });

  test("an integrator's page without React mounts one product's licences", async ({ page }) => {
    await signInAndWait(page, AURORA_STAFF);
    const token = await storedToken(page);
    const productId = await reverbProductId(page);
    await page.goto(`${embedPage.url}/licences/ProductLicenses/${productId}/Aurora%20Reverb/${REVERB}`);
    await page.evaluate((value) => sessionStorage.setItem('producthub_token', value), token);
    await page.reload();

    await expect(page.getByRole('heading', { name: 'Partner portal' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Licenses for product: Aurora Reverb' })).toBeVisible();
    await expect(page.getByRole('row').nth(1)).toBeVisible();
    // No React on the page itself: the remote brought its own.
    expect(await page.evaluate(() => 'React' in window)).toBe(false);
    expect(
      await page.evaluate(() => (window as unknown as { tokenProviderCalls: number }).tokenProviderCalls),
    ).toBeGreaterThan(0);

    await page.getByRole('searchbox', { name: 'Search User by Email' }).fill('user1');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/licences/ProductLicenses/${productId}/`));
    const dataRows = page.getByRole('row').filter({ hasNot: page.getByRole('columnheader') });
    for (const row of await dataRows.all()) await expect(row).toContainText(/user1\d?@aurora\.listener\.example/);
  });

  test("an integrator's page mounts the users list; a 401 reaches onUnauthorized and a new token is used at once", async ({
    page,
  }) => {
    await signInAndWait(page, AURORA_STAFF);
    const token = await storedToken(page);
    await page.goto(`${embedPage.url}/users/Users`);
    await page.evaluate(() => sessionStorage.setItem('producthub_token', 'an-expired-token'));
    await page.reload();

    await expect(
      page.getByRole('status').filter({ hasText: 'Your ProductHub session has expired. Sign in again.' }),
    ).toBeVisible();
    const callsBefore = await page.evaluate(
      () => (window as unknown as { tokenProviderCalls: number }).tokenProviderCalls,
    );
    await page.evaluate((value) => sessionStorage.setItem('producthub_token', value), token);
    await page.getByRole('button', { name: 'Sign in again' }).click();

    await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
    await expect(page.getByText('40 records')).toBeVisible();
    expect(
      await page.evaluate(() => (window as unknown as { tokenProviderCalls: number }).tokenProviderCalls),
    ).toBeGreaterThan(callsBefore);

    // User details embed the licensing remote's licence table, reached through mount()'s remotes option.
    await page.getByRole('searchbox', { name: 'Search User by Email' }).fill('user10@aurora.listener.example');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.getByRole('link', { name: 'View user user10@aurora.listener.example' }).click();
    await expect(page).toHaveURL(/\/users\/UserDetails\/\d+$/);
    await expect(page.getByRole('heading', { level: 1, name: 'User: user10@aurora.listener.example' })).toBeVisible();
    await expect(page.getByRole('columnheader', { name: 'Product Identifier' })).toBeVisible();
  });
});

test.describe('a remote that is slow or throws', () => {
  test('a remote taking over 10 s says it is still loading, offers Retry, and recovers', async ({ page }) => {
    test.setTimeout(60_000);
    let slow = true;
    await page.route('**/remotes/mfe-users/**', async (route) => {
      if (slow) await new Promise((done) => setTimeout(done, 12_000));
      await route.continue().catch(() => undefined);
    });
    await signInAndWait(page, AURORA_STAFF);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Users' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Loading Users...' })).toBeVisible();
    await expect(page.getByText('Users is still loading.')).toBeVisible({ timeout: 9_000 });

    // The console stays usable meanwhile.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'My Products' }).click();
    await expect(page.getByRole('heading', { name: 'My Products' })).toBeVisible();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Users' }).click();
    await expect(page.getByText('Users is still loading.')).toBeVisible({ timeout: 9_000 });

    slow = false;
    await page.getByRole('button', { name: 'Retry' }).click();
    // A request already under way (its script element) is awaited, not duplicated: allow for its 12 s.
    await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible({ timeout: 15_000 });
  });

  test('a remote that throws while rendering shows Retry in place and recovers', async ({ page }) => {
    // A malformed answer makes the users page throw during render (a bug the shell must contain).
    await page.route('**/api/v1/users?*', (route) =>
      route.fulfill({
        json: {
          data: [null],
          pagination: {
            records: { total: 1, per_page: 25 },
            pages: { current: 1, previous: null, next: null, last: 1 },
          },
        },
      }),
    );
    await signInAndWait(page, AURORA_STAFF);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Users' }).click();
    await expect(page.getByRole('alert')).toContainText('Users stopped working.');
    // docs/console.md, Errors: the routing-error title with the error's message, inside the isolated area.
    await expect(page.getByRole('alert').getByRole('heading', { name: 'Unexpected Application Error!' })).toBeVisible();
    await expect(page.getByRole('alert')).toContainText(/Cannot read properties of null|null is not an object/);

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'My Products' }).click();
    await expect(page.getByRole('heading', { name: 'My Products' })).toBeVisible();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Users' }).click();
    await expect(page.getByRole('alert')).toContainText('Users stopped working.');

    await page.unroute('**/api/v1/users?*');
    await page.getByRole('button', { name: 'Retry' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
    await expect(page.getByText('40 records')).toBeVisible();
  });
});

test.describe('version skew between a remote and the console', () => {
  /** Serves the users remote's real manifest with the shared-kit range it claims to be built against replaced. */
  async function usersRemoteBuiltFor(page: Page, sharedKitRange: string) {
    await page.route('**/remotes/mfe-users/mf-manifest.json', async (route) => {
      const response = await route.fetch();
      const manifest = (await response.json()) as { shared: { name: string; requiredVersion: string }[] };
      for (const shared of manifest.shared) if (shared.name === 'shared-kit') shared.requiredVersion = sharedKitRange;
      await route.fulfill({ response, json: manifest });
    });
  }

  test('a remote built against an older, compatible shared-kit range works', async ({ page }) => {
    await usersRemoteBuiltFor(page, '~0.1.0');
    await signInAndWait(page, AURORA_STAFF);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Users' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
    await expect(page.getByText('40 records')).toBeVisible();
  });

  test('an incompatible remote fails in place with a clear message; the rest of the console works', async ({
    page,
  }) => {
    await usersRemoteBuiltFor(page, '^2.0.0');
    await signInAndWait(page, AURORA_STAFF);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Users' }).click();
    const alert = page.getByRole('alert');
    await expect(alert).toContainText('Users cannot run in this version of ProductHub.');
    await expect(alert).toContainText('It was built for shared-kit ^2.0.0; this console provides 0.1.0.');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'My Products' }).click();
    await expect(page.getByRole('heading', { name: 'My Products' })).toBeVisible();

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Users' }).click();
    await expect(page.getByRole('alert')).toContainText('Users cannot run in this version of ProductHub.');

    // The team redeploys a compatible build: Retry picks it up.
    await page.unroute('**/remotes/mfe-users/mf-manifest.json');
    await page.getByRole('button', { name: 'Retry' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
  });
});
