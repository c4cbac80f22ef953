import { AUTH_STORAGE_KEY } from '../constants';
import type { CurrentUser } from '../contract';
import type { AuthSession } from '../services/shell-services';

// A fake API server behind `fetch` (jsdom has none), for code that owns the real API client and session (the
// shell). Pages get their API client from the shell's services and are faked there (`renderPage`'s `server`).

/** The API base URL the fake answers under. */
export const TEST_API_BASE_URL = '/api/v1';

export interface FetchCall {
  method: string;
  /** The path below the API base URL, with its query string. */
  path: string;
  body: unknown;
  authorization: string | null;
}

export interface FetchAnswer {
  status: number;
  body?: unknown;
}

/** Answers one call; a thrown error or rejected promise is a network failure. */
export type FakeFetchServer = (call: FetchCall) => FetchAnswer | Promise<FetchAnswer>;

/** Replaces `fetch` with `server`; the returned list records every call in order. */
export function installFakeFetch(server: FakeFetchServer): FetchCall[] {
  const calls: FetchCall[] = [];
  const fakeFetch = async (input: string, init: RequestInit = {}) => {
    const url = new URL(input, 'http://localhost');
    const headers = (init.headers ?? {}) as Record<string, string>;
    const call: FetchCall = {
      method: init.method ?? 'GET',
      path: `${url.pathname.slice(TEST_API_BASE_URL.length)}${url.search}`,
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
      authorization: headers.Authorization ?? null,
    };
    calls.push(call);
    const answer = await server(call);
    const text = answer.body === undefined ? '' : JSON.stringify(answer.body);
    return { ok: answer.status >= 200 && answer.status < 300, status: answer.status, text: async () => text };
  };
  globalThis.fetch = jest.fn(fakeFetch) as unknown as typeof fetch;
  return calls;
}

/** What GET /systemusers/me answers for a stored login. */
export function currentUserOf(session: AuthSession): CurrentUser {
  return {
    id: 1,
    email: 'someone@example.com',
    access_level: session.access_level,
    manufacturer: session.manufacturer,
    staff_role: session.access_level === 'superuser' ? null : 'owner',
  };
}

/** A server where a stored login is valid and logout succeeds; anything else answers 404. */
export function signedInServer(session: AuthSession, more?: FakeFetchServer): FakeFetchServer {
  return (call) => {
    if (call.method === 'GET' && call.path === '/systemusers/me') return { status: 200, body: currentUserOf(session) };
    if (call.method === 'POST' && call.path === '/systemusers/logout') return { status: 204 };
    return more ? more(call) : { status: 404, body: { message: ['Not found'] } };
  };
}

/** The login the browser keeps, as stored. */
export function storedLogin(): unknown {
  const raw = localStorage.getItem(AUTH_STORAGE_KEY);
  return raw === null ? null : JSON.parse(raw);
}

/** Writes a login from an earlier visit, before the app starts. */
export function storeLogin(session: AuthSession): void {
  localStorage.setItem(AUTH_STORAGE_KEY, JSON.stringify(session));
}

/** Forgets the login, list states and the authorization cookie between tests. */
export function resetBrowserState(): void {
  localStorage.clear();
  document.cookie = 'authorization=; Max-Age=0; Path=/';
}
