import { Navigate, createBrowserRouter, type RouteObject } from 'react-router-dom';
import { SignInPage } from '../auth/SignInPage';
import { RequireAuth } from '../auth/RequireAuth';
import { HomeLayout } from '../layout/HomeLayout';
import { DashboardPage } from '../dashboard/DashboardPage';
import { RouteErrorPage } from '../errors/RouteErrorPage';
import { RemoteOutlet } from '../remotes/RemoteOutlet';

export const routes: RouteObject[] = [
  {
    path: '/',
    errorElement: <RouteErrorPage />,
    children: [
      { index: true, element: <SignInPage /> },
      {
        path: 'Home',
        element: (
          <RequireAuth>
            <HomeLayout />
          </RequireAuth>
        ),
        children: [
          { index: true, element: <Navigate to="Dashboard" replace /> },
          { path: 'Dashboard', element: <DashboardPage /> },
          { path: '*', element: <RemoteOutlet /> },
        ],
      },
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes);
