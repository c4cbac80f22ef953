import type { InitialEntry, RouteObject } from 'react-router';
import type { AuthSession } from 'shared-kit';
import { installFakeFetch, renderPage, storeLogin, type FakeFetchServer, type FetchCall } from 'shared-kit/testing';
import type { RuntimeConfig } from '../app/runtime-config';
import { shellProviders } from './shell-providers';

export interface RenderShellOptions {
  url: string | InitialEntry[];
  /** A session stored as after a sign-in, before the first render. */
  signedIn?: AuthSession;
  /** Installed as `fetch` before the first render; without it the test installs its own. */
  server?: FakeFetchServer;
  config?: Partial<RuntimeConfig>;
}

/** `routes` in the shell's own providers; `calls` records what reached `server`. */
export function renderShell(routes: RouteObject[], { url, signedIn, server, config }: RenderShellOptions) {
  const calls: FetchCall[] = server ? installFakeFetch(server) : [];
  if (signedIn) storeLogin(signedIn);
  return { ...renderPage(routes, { url, wrapper: shellProviders(config) }), calls };
}
