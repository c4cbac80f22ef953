import type { ComponentType, ReactElement, ReactNode } from 'react';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Outlet, RouterProvider, createMemoryRouter, useLocation, type InitialEntry, type RouteObject } from 'react-router';
import { SWRConfig } from 'swr';
import { ThemeProvider } from 'styled-components';
import { ShellServicesProvider, type AuthSession, type ShellServices } from '../services/shell-services';
import { createListStateStore } from '../services/list-state-store';
import { theme } from '../ui/theme';
import { createFakeApiClient, notFound, type FakeApiServer } from './fake-api-client';
import { manufacturerSession } from './fixtures';
import { provideNavigationRequest } from './navigation-request';

const LOCATION_LABEL = 'Current location';

/** Where the router is, readable by tests as the 'Current location' (no role: pages own the status roles). */
function LocationProbe() {
  const location = useLocation();
  return <div aria-label={LOCATION_LABEL}>{`${location.pathname}${location.search}`}</div>;
}

function PageFrame() {
  return (
    <>
      <Outlet />
      <LocationProbe />
    </>
  );
}

/** The path and query the router is at now. */
export const currentPath = (view: { getByLabelText: (text: string) => HTMLElement }) => view.getByLabelText(LOCATION_LABEL).textContent;

export interface RenderPageOptions {
  /** The address the page is opened at, or the history to start from (its last entry is the current page). */
  url?: string | InitialEntry[];
  /** The route pattern that renders the element: `/Home/*` for a remote's routes, as the shell mounts them. */
  route?: string;
  /** The fake API behind the services' client; by default every call answers 404. */
  server?: FakeApiServer;
  /** The signed-in user; `null` for none. */
  session?: AuthSession | null;
  /** Services that replace the fakes, e.g. `loadRemoteModule`. */
  services?: Partial<ShellServices>;
  /** Providers around the router, inside the kit's: an app's own (the shell's session and error modal). */
  wrapper?: ComponentType<{ children: ReactNode }>;
  /** For fake timers: user-event must advance them while it waits. */
  advanceTimers?: (ms: number) => void;
}

/**
 * Renders a page, a routes element or route objects as the shell does: the shell's services (a fake API client
 * recording its calls, the session, a spy `showError`, a list-state store, `loadRemoteModule`), a fresh SWR
 * cache, the theme and a memory router at `url`.
 */
export function renderPage(ui: ReactElement | RouteObject[], options: RenderPageOptions = {}) {
  const { url = '/', route = '*', server = (call) => Promise.reject(notFound(call)), session = manufacturerSession, wrapper: Wrapper } = options;
  provideNavigationRequest();
  const { api, calls } = createFakeApiClient(server);
  const showError = jest.fn<void, [string]>();
  const services: ShellServices = {
    api,
    session,
    logout: jest.fn(),
    refreshSession: jest.fn(() => Promise.resolve()),
    showError,
    listStates: createListStateStore(null),
    loadRemoteModule: () => Promise.reject(new Error('no remote modules in this test')),
    ...options.services,
  };
  const pages = Array.isArray(ui) ? ui : [{ path: route, element: ui }, ...(route === '*' ? [] : [{ path: '*', element: null }])];
  const entries = typeof url === 'string' ? [url] : url;
  const router = createMemoryRouter([{ element: <PageFrame />, children: pages }], { initialEntries: entries, initialIndex: entries.length - 1 });
  const routerElement = <RouterProvider router={router} />;
  const user = userEvent.setup(options.advanceTimers ? { advanceTimers: options.advanceTimers } : {});
  const view = render(
    <ThemeProvider theme={theme}>
      <ShellServicesProvider value={services}>
        <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0, shouldRetryOnError: false, revalidateOnFocus: false }}>
          {Wrapper ? <Wrapper>{routerElement}</Wrapper> : routerElement}
        </SWRConfig>
      </ShellServicesProvider>
    </ThemeProvider>,
  );
  return { ...view, user, router, calls, showError, services, listStates: services.listStates, currentPath: () => currentPath(view) };
}

/** Says where the router is, as a stand-in for a page a test does not render (e.g. another remote's). */
export function CurrentLocation({ label = 'At' }: { label?: string }) {
  const location = useLocation();
  return (
    <p>
      {label} {location.pathname}
      {location.search}
    </p>
  );
}
