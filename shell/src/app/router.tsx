import { Navigate, createBrowserRouter, type RouteObject } from 'react-router';
import { SignInPage } from '../auth/SignInPage';
import { RequireAuth } from '../auth/RequireAuth';
import { RouteErrorPage } from '../errors/RouteErrorPage';

// The console behind sign-in loads on demand (one chunk, fetched while the router resolves the route), so the
// sign-in page does not wait for the layout, its menus and the remote loader.
const homeLayout = () => import(/* webpackChunkName: "console" */ '../layout/HomeLayout');
const dashboardPage = () => import(/* webpackChunkName: "console" */ '../dashboard/DashboardPage');
const remoteOutlet = () => import(/* webpackChunkName: "console" */ '../remotes/RemoteOutlet');

export const routes: RouteObject[] = [
  {
    path: '/',
    errorElement: <RouteErrorPage />,
    children: [
      { index: true, element: <SignInPage /> },
      {
        path: 'Home',
        lazy: async () => {
          const { HomeLayout } = await homeLayout();
          return {
            element: (
              <RequireAuth>
                <HomeLayout />
              </RequireAuth>
            ),
          };
        },
        children: [
          { index: true, element: <Navigate to="Dashboard" replace /> },
          { path: 'Dashboard', lazy: async () => ({ Component: (await dashboardPage()).DashboardPage }) },
          { path: '*', lazy: async () => ({ Component: (await remoteOutlet()).RemoteOutlet }) },
        ],
      },
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes);
