import { expect, type APIRequestContext, type APIResponse } from '@playwright/test';
import { AURORA_STAFF, E2E_BASE_URL } from './stack';

async function ok<T>(response: APIResponse): Promise<T> {
  expect(response.status(), await response.text()).toBeLessThan(300);
  return (await response.json()) as T;
}

/**
 * The staff API as a demo staff member signed in (a fresh session): each call expects a 2xx and answers the JSON,
 * for a spec's setup and its checks of what the server holds.
 */
export async function staffApi(request: APIRequestContext, staff: { email: string; password: string } = AURORA_STAFF) {
  const login = await ok<{ token: string }>(
    await request.post(`${E2E_BASE_URL}/api/v1/systemusers/login`, {
      data: { email: staff.email, password: staff.password },
    }),
  );
  const headers = { Authorization: `MSession ${login.token}` };
  const url = (path: string) => `${E2E_BASE_URL}/api/v1${path}`;
  return {
    get: async <T>(path: string, params?: Record<string, string>) =>
      ok<T>(await request.get(url(path), { headers, params })),
    post: async <T>(path: string, data: object) => ok<T>(await request.post(url(path), { headers, data })),
    put: async <T>(path: string, data: object) => ok<T>(await request.put(url(path), { headers, data })),
  };
}
export type StaffApi = Awaited<ReturnType<typeof staffApi>>;
