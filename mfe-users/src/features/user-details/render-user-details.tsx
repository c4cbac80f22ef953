import { Route, Routes } from 'react-router';
import { renderPage, type FakeApiServer } from 'shared-kit/testing';
import { UserDetailsPage } from './pages/UserDetailsPage';

/** User 1's details page, as the shell mounts it; remotes it would embed never load. */
export const renderUserDetails = (server: FakeApiServer) =>
  renderPage(
    <Routes>
      <Route path="UserDetails/:userID" element={<UserDetailsPage />} />
    </Routes>,
    {
      server,
      url: '/Home/UserDetails/1',
      route: '/Home/*',
      services: { loadRemoteModule: () => new Promise(() => undefined) },
    },
  );
