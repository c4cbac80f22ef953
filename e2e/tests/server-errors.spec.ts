import { expect, test, type Page, type Route } from '@playwright/test';
import { AURORA_STAFF, SUPERUSER } from '../support/stack';
import { signInAndWait } from '../support/sign-in';

/**
 * docs/console.md, Errors, on one screen of each remote: every server error is shown as it says (the server's message, or the
 * screen's fallback text), the page never goes blank, and what the user typed is still there.
 */
const STATUSES = [400, 404, 409, 429, 500, 503] as const;
type Failure = (typeof STATUSES)[number] | 'no message' | 'network';
const FAILURES: Failure[] = [...STATUSES, 'no message', 'network'];

const serverSays = (status: number) => `Server refused with ${status}`;

/** Answers the next matching call with the failure; other calls go through. */
async function failNext(page: Page, url: string | RegExp, method: string, failure: Failure) {
  await page.unroute(url);
  await page.route(url, async (route: Route) => {
    if (route.request().method() !== method) return route.continue();
    if (failure === 'network') return route.abort('connectionreset');
    if (failure === 'no message')
      return route.fulfill({ status: 502, contentType: 'text/html', body: '<html>Bad gateway</html>' });
    return route.fulfill({
      status: failure,
      contentType: 'application/json',
      body: JSON.stringify({ message: [serverSays(failure)] }),
    });
  });
}

async function auroraReverb(page: Page): Promise<{ id: number }> {
  const token = await page.evaluate(() => JSON.parse(localStorage.getItem('producthub_auth') ?? '{}').token as string);
  const answer = await page.request.get('/api/v1/products?identifier=com.aurora.reverb', {
    headers: { Authorization: `MSession ${token}` },
  });
  return ((await answer.json()) as { data: { id: number }[] }).data[0];
}

test.describe('server errors as docs/console.md says, on one screen of each remote', () => {
  test('catalog: a failed product save shows message[0] in the error modal, otherwise only logs; the form keeps its values', async ({
    page,
  }) => {
    await signInAndWait(page, AURORA_STAFF);
    await page.goto('/Home/CreateProduct');
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Error Path Product');
    await page.getByRole('textbox', { name: 'Plugin Name', exact: true }).fill('ErrorPathProduct');
    for (const failure of FAILURES) {
      await failNext(page, '**/api/v1/products', 'POST', failure);
      await page.getByRole('button', { name: 'Save' }).click();
      const modal = page.getByRole('dialog', { name: 'An Error Occurred:' });
      if (typeof failure === 'number') {
        await expect(modal, `failure ${failure}`).toContainText(serverSays(failure));
        await modal.getByRole('button', { name: 'OK' }).click();
        await expect(modal).toBeHidden();
      } else {
        await expect(page.getByRole('button', { name: 'Save' })).toBeEnabled();
        await expect(modal, `failure ${failure}`).toBeHidden();
      }
      await expect(page).toHaveURL(/\/Home\/CreateProduct$/);
      await expect(page.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue('Error Path Product');
    }
  });

  test("licensing: a failed bulk update shows the message, or 'An error occurred'", async ({ page }) => {
    await signInAndWait(page, AURORA_STAFF);
    const product = await auroraReverb(page);
    await page.goto(`/Home/ProductLicenses/${product.id}/Aurora%20Reverb/com.aurora.reverb`);
    await page
      .getByRole('checkbox', { name: /^Select row / })
      .first()
      .click();
    for (const failure of FAILURES) {
      await failNext(page, '**/api/v1/licenses/bulk-update', 'PATCH', failure);
      await page.getByRole('button', { name: 'Activate Selected', exact: true }).click();
      const expected = typeof failure === 'number' ? serverSays(failure) : 'An error occurred';
      await expect(page.getByRole('dialog').filter({ hasText: expected }), `failure ${failure}`).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(page.getByText(/1 license\(s\) selected/)).toBeVisible();
    }
  });

  test('users: a failed create shows why and keeps the typed email', async ({ page }) => {
    await signInAndWait(page, AURORA_STAFF);
    await page.goto('/Home/CreateUser');
    await page.getByRole('textbox', { name: 'Email' }).fill('error-path@aurora.listener.example');
    for (const failure of FAILURES) {
      await failNext(page, '**/api/v1/users', 'POST', failure);
      await page.getByRole('button', { name: 'Create User' }).click();
      if (typeof failure === 'number')
        await expect(page.getByText(serverSays(failure)), `failure ${failure}`).toBeVisible();
      else
        await expect(page.getByRole('alert').or(page.getByRole('dialog')).first(), `failure ${failure}`).toBeVisible();
      await expect(page).toHaveURL(/\/Home\/CreateUser$/);
      await expect(page.getByRole('textbox', { name: 'Email' })).toHaveValue('error-path@aurora.listener.example');
      const modal = page.getByRole('dialog', { name: 'An Error Occurred:' });
      if (await modal.isVisible()) await modal.getByRole('button', { name: 'OK' }).click();
    }
  });

  test("manufacturers: a failed save shows the message, 'Manufacturer not found', or 'Failed to update manufacturer. Please try again.'", async ({
    page,
  }) => {
    await signInAndWait(page, SUPERUSER);
    await page.getByRole('link', { name: 'Manufacturers' }).click();
    await page.getByRole('link', { name: 'View Details of Nimbus Instruments' }).click();
    await page.getByRole('button', { name: 'Edit' }).click();
    await page.getByRole('textbox', { name: 'Phone', exact: true }).fill('+1 415 555 0199');
    for (const failure of FAILURES) {
      await failNext(page, /\/api\/v1\/manufacturers\/\d+$/, 'PATCH', failure);
      await page.getByRole('button', { name: 'Save Changes' }).click();
      const expected =
        failure === 404
          ? 'Manufacturer not found'
          : typeof failure === 'number'
            ? serverSays(failure)
            : 'Failed to update manufacturer. Please try again.';
      await expect(page.getByText(expected), `failure ${failure}`).toBeVisible();
      await expect(page.getByRole('textbox', { name: 'Phone', exact: true })).toHaveValue('+1 415 555 0199');
    }
  });
});
