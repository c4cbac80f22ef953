import type { ReactNode } from 'react';
import { notFound, renderPage, type FakeApiServer, type RecordedApiCall } from 'shared-kit/testing';
import type { PortalDescriptor } from 'shared-kit';
import PortalRoutes from '../../remote';
import { createPortalSessionStore, type PortalSessionStore } from '../session/session-store';
import { PortalProvider } from '../session/portal-session';
import { SLUG, customerSession, descriptor } from './fixtures';

export interface RenderPortalOptions {
  /** Answers the calls the pages make; the portal's descriptor is answered unless this answers it. */
  server?: FakeApiServer;
  signedIn?: boolean;
  /** The descriptor the portal answers; null leaves its GET to `server`. */
  portal?: PortalDescriptor | null;
}

/**
 * The portal's routes at `url` (relative to where it is mounted), as mount() renders them: the kit's harness with
 * the portal's session store (signed in as Ada unless told) and a fake API that knows Aurora Audio's portal.
 */
export function renderPortal(
  url: string,
  { server = (call) => Promise.reject(notFound(call)), signedIn = true, portal = descriptor }: RenderPortalOptions = {},
) {
  const store: PortalSessionStore = createPortalSessionStore(null, SLUG);
  if (signedIn) store.signIn(customerSession);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <PortalProvider slug={SLUG} store={store}>
      {children}
    </PortalProvider>
  );
  const withPortal = (call: RecordedApiCall) =>
    portal && call.method === 'GET' && call.path === `/portal/${SLUG}` ? portal : server(call);
  const view = renderPage(<PortalRoutes />, { url, route: '/*', session: null, server: withPortal, wrapper });
  return { ...view, store, pageCalls: () => view.calls.filter((call) => call.path !== `/portal/${SLUG}`) };
}
