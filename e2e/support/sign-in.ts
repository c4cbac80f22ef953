import { expect, type Page } from '@playwright/test';

export async function signIn(page: Page, login: { email: string; password: string }, path = '/') {
  await page.goto(path);
  await page.getByLabel('Email').fill(login.email);
  await page.getByLabel('Password').fill(login.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

export async function signInAndWait(page: Page, login: { email: string; password: string }) {
  await signIn(page, login);
  await expect(page).toHaveURL(/\/Home\/Dashboard$/);
}

export async function storedToken(page: Page): Promise<string> {
  return page.evaluate(() => JSON.parse(localStorage.getItem('producthub_auth') ?? '{}').token as string);
}

/** A GET of the API as the signed-in user, expected to answer 200 (the demo data is seeded per run: look ids up). */
export async function apiGet<T>(page: Page, path: string): Promise<T> {
  const response = await page.request.get(`/api/v1${path}`, {
    headers: { Authorization: `MSession ${await storedToken(page)}` },
  });
  expect(response.status(), path).toBe(200);
  return (await response.json()) as T;
}
