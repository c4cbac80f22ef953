import { expect, test } from '@playwright/test';
import { AURORA_STAFF } from '../support/stack';
import { signInAndWait } from '../support/sign-in';

test.describe('remotes loaded at run time', () => {
  test('each area comes from its own remote, fetched only when needed', async ({ page }) => {
    const remoteRequests: string[] = [];
    page.on('request', (request) => {
      const match = /\/remotes\/(mfe-[a-z]+)\//.exec(request.url());
      if (match) remoteRequests.push(match[1]);
    });
    await signInAndWait(page, AURORA_STAFF);
    expect(remoteRequests).toEqual([]);
    await page.getByRole('link', { name: 'My Products' }).click();
    await expect(page.getByRole('heading', { name: 'My Products' })).toBeVisible();
    expect(new Set(remoteRequests)).toEqual(new Set(['mfe-catalog']));
    await page.getByRole('link', { name: 'Users' }).click();
    await expect(page.getByRole('heading', { name: 'Users' })).toBeVisible();
    expect(new Set(remoteRequests)).toEqual(new Set(['mfe-catalog', 'mfe-users']));
  });

  test('a remote that is down shows Retry in place while the rest of the console works', async ({ page }) => {
    await page.route('**/remotes/mfe-users/**', (route) => route.abort('connectionrefused'));
    await signInAndWait(page, AURORA_STAFF);
    await page.getByRole('link', { name: 'Users' }).click();
    const alert = page.getByRole('alert');
    await expect(alert).toContainText('Users could not be loaded.');
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();

    await page.getByRole('link', { name: 'My Products' }).click();
    await expect(page.getByRole('heading', { name: 'My Products' })).toBeVisible();
    await page.getByRole('link', { name: 'Dashboard' }).click();
    await expect(page.getByText(/Welcome to ProductHub/)).toBeVisible();

    await page.getByRole('link', { name: 'Users' }).click();
    await expect(page.getByRole('alert')).toContainText('Users could not be loaded.');
    await page.unroute('**/remotes/mfe-users/**');
    await page.getByRole('button', { name: 'Retry' }).click();
    await expect(page.getByRole('heading', { name: 'Users' })).toBeVisible();
  });

  test('react is loaded once for the shell and every remote', async ({ page }) => {
    await signInAndWait(page, AURORA_STAFF);
    await page.getByRole('link', { name: 'My Products' }).click();
    await expect(page.getByRole('heading', { name: 'My Products' })).toBeVisible();
    await page.getByRole('link', { name: 'Users' }).click();
    await expect(page.getByRole('heading', { name: 'Users' })).toBeVisible();
    // One shared scope, one React version, instantiated by whoever loaded first.
    const reactCopies = await page.evaluate(() => {
      const federation = (
        globalThis as unknown as {
          __FEDERATION__?: { __SHARE__?: Record<string, Record<string, Record<string, Record<string, unknown>>>> };
        }
      ).__FEDERATION__;
      const versions = new Set<string>();
      for (const instance of Object.values(federation?.__SHARE__ ?? {})) {
        for (const scope of Object.values(instance))
          for (const version of Object.keys(scope.react ?? {})) versions.add(version);
      }
      return [...versions];
    });
    expect(reactCopies).toHaveLength(1);
  });
});
