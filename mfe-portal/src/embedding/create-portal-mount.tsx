import type { ComponentType } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import {
  PORTAL_AUTH_SCHEME,
  RemoteProviders,
  createApiClient,
  createListStateStore,
  type ShellServices,
} from 'shared-kit';
import { DEFAULT_LOCALE, MessagesProvider, type Locale } from '../messages/messages';
import type { PortalThemeOverrides } from '../shared/branding';
import type { PortalFrameProps } from '../shared/components/PortalFrame';
import { createPortalSessionStore, type PortalSessionStore } from '../shared/session/session-store';
import { PortalProvider } from '../shared/session/portal-session';

export interface PortalMountOptions {
  /** Where the ProductHub API lives, e.g. `https://hub.example.com/api/v1`. */
  apiBaseUrl: string;
  /** The manufacturer's portal slug, e.g. `aurora-audio`. */
  manufacturer: string;
  /** The path the portal's pages live under on the host page, e.g. `/support/licences`. */
  basePath?: string;
  /** Colours and font over the manufacturer's branding. */
  theme?: PortalThemeOverrides;
  /** The portal's language (English unless told). */
  locale?: Locale;
  /** The whole page is the portal's (its standalone page): it names the tab and styles the page's body. */
  standalone?: boolean;
}

export type Unmount = () => void;

function browserSessionStorage(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}

/** The services a kit page expects, from the portal's own client (customer sessions, `PortalSession` scheme). */
function portalServices(options: PortalMountOptions, store: PortalSessionStore): ShellServices {
  const api = createApiClient({
    baseUrl: options.apiBaseUrl,
    scheme: PORTAL_AUTH_SCHEME,
    getToken: () => store.token(),
    onUnauthorized: () => store.end(),
  });
  return {
    api,
    // The staff session: never present in the portal.
    session: null,
    logout: () => store.signOut(),
    refreshSession: () => Promise.resolve(),
    // The portal shows its errors in place; nothing it does opens the kit's error dialog.
    showError: (message) => console.error(message),
    listStates: createListStateStore(null),
    loadRemoteModule: () => Promise.reject(new Error('The customer portal loads no other remote.')),
  };
}

/** For vendors: `mount(element, options)` renders the customer portal of `manufacturer` into any element (docs/portal.md). */
export function createPortalMount(PortalRoutes: ComponentType<PortalFrameProps>) {
  return function mount(element: HTMLElement, options: PortalMountOptions): Unmount {
    const store = createPortalSessionStore(browserSessionStorage(), options.manufacturer);
    const services = portalServices(options, store);
    const root = createRoot(element);
    root.render(
      <RemoteProviders services={services} globalStyle={options.standalone}>
        <MessagesProvider locale={options.locale ?? DEFAULT_LOCALE}>
          <PortalProvider slug={options.manufacturer} store={store}>
            <BrowserRouter basename={options.basePath}>
              <PortalRoutes themeOverrides={options.theme} standalone={options.standalone} />
            </BrowserRouter>
          </PortalProvider>
        </MessagesProvider>
      </RemoteProviders>,
    );
    return () => root.unmount();
  };
}
