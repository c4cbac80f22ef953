import { Suspense, lazy } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router';
import { ErrorBoundary } from 'react-error-boundary';
import { SignInPage } from '../auth/SignInPage';
import { RequireAuth } from '../auth/RequireAuth';
import { RouteErrorPage } from '../errors/RouteErrorPage';

// The console behind sign-in loads on demand (one chunk), so the sign-in page does not wait for the layout, its
// menus and the remote loader. The routes are declarative (<Routes>, no data router): the shared react-router
// is then the browser API without the data router (see tools/webpack/react-router-browser.js).
const HomeLayout = lazy(() =>
  import(/* webpackChunkName: "console" */ '../layout/HomeLayout').then((module) => ({ default: module.HomeLayout })),
);
const DashboardPage = lazy(() =>
  import(/* webpackChunkName: "console" */ '../dashboard/DashboardPage').then((module) => ({
    default: module.DashboardPage,
  })),
);
// Opened from the profile menu only: a chunk of its own, so neither the sign-in nor the console's first load grows.
const MySessionsPage = lazy(() =>
  import(/* webpackChunkName: "my-sessions" */ '../auth/sessions/MySessionsPage').then((module) => ({
    default: module.MySessionsPage,
  })),
);
const SecurityPage = lazy(() =>
  import(/* webpackChunkName: "security" */ '../auth/security/SecurityPage').then((module) => ({
    default: module.SecurityPage,
  })),
);
const RemoteOutlet = lazy(() =>
  import(/* webpackChunkName: "console" */ '../remotes/RemoteOutlet').then((module) => ({
    default: module.RemoteOutlet,
  })),
);

/** The shell's pages; a page that throws shows the error page until the address changes. */
export function ShellRoutes() {
  const { pathname } = useLocation();
  return (
    <ErrorBoundary resetKeys={[pathname]} fallbackRender={({ error }) => <RouteErrorPage error={error} />}>
      <Suspense fallback={null}>
        <Routes>
          <Route index element={<SignInPage />} />
          {/* An invite mail's link: the invitee chooses a password (auth/invite). */}
          <Route path="join" element={<SignInPage />} />
          <Route
            path="Home"
            element={
              <RequireAuth>
                <HomeLayout />
              </RequireAuth>
            }
          >
            <Route index element={<Navigate to="Dashboard" replace />} />
            <Route path="Dashboard" element={<DashboardPage />} />
            <Route path="MySessions" element={<MySessionsPage />} />
            <Route path="Security" element={<SecurityPage />} />
            <Route path="*" element={<RemoteOutlet />} />
          </Route>
          <Route path="*" element={<Navigate to="/" replace />} />
        </Routes>
      </Suspense>
    </ErrorBoundary>
  );
}
