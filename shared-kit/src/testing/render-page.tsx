import { useLayoutEffect, type ComponentType, type ReactElement, type ReactNode } from 'react';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  MemoryRouter,
  Route,
  Routes,
  useLocation,
  useNavigate,
  useRoutes,
  type InitialEntry,
  type Location,
  type NavigateFunction,
  type RouteObject,
} from 'react-router';
import { TestProviders, createTestServices, type TestServicesOptions } from './test-services';

const LOCATION_LABEL = 'Current location';

interface RouterView {
  location?: Location;
  navigate?: NavigateFunction;
}

/** Shows where the router is as the 'Current location' (no role: pages own the status roles) and hands the test its location and navigate. */
function RouterProbe({ onChange }: { onChange: (view: Required<RouterView>) => void }) {
  const location = useLocation();
  const navigate = useNavigate();
  useLayoutEffect(() => onChange({ location, navigate }), [onChange, location, navigate]);
  return <div aria-label={LOCATION_LABEL}>{`${location.pathname}${location.search}`}</div>;
}

function RoutesOf({ routes }: { routes: RouteObject[] }) {
  return useRoutes(routes);
}

/** The path and query the router is at now, as the page under test shows it. */
export const currentPath = (view: { getByLabelText: (text: string) => HTMLElement }) =>
  view.getByLabelText(LOCATION_LABEL).textContent;

export interface RenderPageOptions extends TestServicesOptions {
  /** The address the page is opened at, or the history to start from (its last entry is the current page). */
  url?: string | InitialEntry[];
  /** The route pattern that renders the element: `/Home/*` for a remote's routes, as the shell mounts them. */
  route?: string;
  /** Providers around the router, inside the kit's: an app's own (the shell's session and error modal). */
  wrapper?: ComponentType<{ children: ReactNode }>;
  /** For fake timers: user-event must advance them while it waits. */
  advanceTimers?: (ms: number) => void;
}

/**
 * Renders a page, a routes element or route objects as the shell does: the test services, a fresh SWR cache,
 * the theme and a memory router at `url` (declarative, as the console routes).
 */
export function renderPage(ui: ReactElement | RouteObject[], options: RenderPageOptions = {}) {
  const { url = '/', route = '*', wrapper: Wrapper } = options;
  const { services, calls, showError } = createTestServices(options);
  const entries = typeof url === 'string' ? [url] : url;
  let routerView: RouterView = {};
  const onRouterChange = (view: Required<RouterView>) => {
    routerView = view;
  };
  const pages = Array.isArray(ui) ? (
    <RoutesOf routes={ui} />
  ) : (
    <Routes>
      <Route path={route} element={ui} />
      {route === '*' ? null : <Route path="*" element={null} />}
    </Routes>
  );
  const router = (
    <MemoryRouter initialEntries={entries} initialIndex={entries.length - 1}>
      {pages}
      <RouterProbe onChange={onRouterChange} />
    </MemoryRouter>
  );
  const user = userEvent.setup(options.advanceTimers ? { advanceTimers: options.advanceTimers } : {});
  const view = render(
    <TestProviders services={services}>{Wrapper ? <Wrapper>{router}</Wrapper> : router}</TestProviders>,
  );
  return {
    ...view,
    user,
    calls,
    showError,
    services,
    listStates: services.listStates,
    currentPath: () => currentPath(view),
    /** Where the router is now (pathname, search, state). */
    location: () => routerView.location!,
    /** Navigates as a link would; wrap in `act`. */
    navigate: (to: string) => routerView.navigate!(to),
  };
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
