import type { ReactElement, ReactNode } from 'react';
import { render, type RenderOptions } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RouterProvider, createMemoryRouter, useLocation, type InitialEntry, type RouteObject } from 'react-router';
import { ThemeProvider } from 'styled-components';
import { AUTH_STORAGE_KEY, theme, type AuthSession, type CurrentUser } from 'shared-kit';
import { ShellProviders } from '../app/ShellProviders';
import type { RuntimeConfig } from '../app/runtime-config';

/**
 * jsdom has no fetch API, yet a data router (createMemoryRouter) builds a `Request` for every navigation.
 * The router only reads its url, method, signal and headers on the GET navigations these tests make.
 */
class NavigationRequest {
  readonly url: string;
  readonly method: string;
  readonly signal: AbortSignal;
  readonly headers = { get: (): string | null => null };

  constructor(input: string | URL | NavigationRequest, init: RequestInit = {}) {
    this.url = input instanceof NavigationRequest ? input.url : String(input);
    this.method = init.method ?? 'GET';
    this.signal = init.signal ?? new AbortController().signal;
  }
}
globalThis.Request ??= NavigationRequest as unknown as typeof Request;

export const TEST_API_BASE_URL = '/api/v1';

export const testConfig: RuntimeConfig = {
  apiBaseUrl: TEST_API_BASE_URL,
  environment: 'staging',
  version: '1.4.2',
  remotes: {},
};

export const manufacturerSession: AuthSession = {
  token: 'manufacturer-token',
  access_level: 'manufacturer',
  manufacturer: { id: 7, name: 'Aurora Audio' },
};

export const superuserSession: AuthSession = { token: 'superuser-token', access_level: 'superuser', manufacturer: null };

/** What GET /systemusers/me answers for a stored login. */
export function currentUserOf(session: AuthSession): CurrentUser {
  return { id: 1, email: 'someone@example.com', access_level: session.access_level, manufacturer: session.manufacturer };
}

// ---------------------------------------------------------------------------------------------------------
// A fake API server behind `fetch` (jsdom has none), so the real API client and session code run.

export interface ApiCall {
  method: string;
  /** The path below the API base URL, with its query string. */
  path: string;
  body: unknown;
  authorization: string | null;
}

export interface FakeAnswer {
  status: number;
  body?: unknown;
}

/** Answers one call; a thrown error or rejected promise is a network failure. */
export type FakeServer = (call: ApiCall) => FakeAnswer | Promise<FakeAnswer>;

/** Replaces `fetch` with `server`; the returned list records every call in order. */
export function installFakeApi(server: FakeServer): ApiCall[] {
  const calls: ApiCall[] = [];
  const fakeFetch = async (input: string, init: RequestInit = {}) => {
    const url = new URL(input, 'http://localhost');
    const headers = (init.headers ?? {}) as Record<string, string>;
    const call: ApiCall = {
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

/** A server where a stored login is valid and logout succeeds; anything else answers 404. */
export function signedInServer(session: AuthSession, more?: FakeServer): FakeServer {
  return (call) => {
    if (call.method === 'GET' && call.path === '/systemusers/me') return { status: 200, body: currentUserOf(session) };
    if (call.method === 'POST' && call.path === '/systemusers/logout') return { status: 204 };
    return more ? more(call) : { status: 404, body: { message: ['Not found'] } };
  };
}

export interface Deferred<T> {
  promise: Promise<T>;
  resolve: (value: T) => void;
  reject: (reason: unknown) => void;
}

/** A promise the test settles, to observe what shows while a call is pending. */
export function deferred<T>(): Deferred<T> {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

export function storedLogin(): unknown {
  const raw = localStorage.getItem(AUTH_STORAGE_KEY);
  return raw === null ? null : JSON.parse(raw);
}

/** Forgets the login, list states and the authorization cookie between tests. */
export function resetBrowserState(): void {
  localStorage.clear();
  document.cookie = 'authorization=; Max-Age=0; Path=/';
}

// ---------------------------------------------------------------------------------------------------------
// Rendering

/** Shows where the router is, for routes a test stands in for a real page. */
export function CurrentLocation({ label = 'At' }: { label?: string }) {
  const location = useLocation();
  return (
    <p>
      {label} {location.pathname}
      {location.search}
    </p>
  );
}

export interface RenderShellOptions {
  routes: RouteObject[];
  initialEntries?: InitialEntry[];
  /** Written to storage before the shell starts, as a login from an earlier visit. */
  storedSession?: AuthSession;
  config?: Partial<RuntimeConfig>;
}

/** Renders `routes` in a memory router inside the real ShellProviders (session, API client, error modal). */
export function renderShell({ routes, initialEntries = ['/'], storedSession, config }: RenderShellOptions) {
  if (storedSession) localStorage.setItem(AUTH_STORAGE_KEY, JSON.stringify(storedSession));
  const router = createMemoryRouter(routes, { initialEntries });
  const user = userEvent.setup();
  const view = render(
    <ShellProviders config={{ ...testConfig, ...config }}>
      <RouterProvider router={router} />
    </ShellProviders>,
  );
  return { ...view, router, user };
}

function ThemeWrapper({ children }: { children: ReactNode }) {
  return <ThemeProvider theme={theme}>{children}</ThemeProvider>;
}

/** Renders a component that needs only the theme. */
export function renderWithTheme(ui: ReactElement, options?: Omit<RenderOptions, 'wrapper'>) {
  return { ...render(ui, { wrapper: ThemeWrapper, ...options }), user: userEvent.setup() };
}
