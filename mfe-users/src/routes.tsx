import { Route, Routes } from 'react-router';
import { lazyPage } from 'shared-kit';
import { UsersPage } from './features/users/pages/UsersPage';

// The users list comes with the routes; every other page is fetched when first visited.
const ImportUsersPage = lazyPage(() =>
  import('./features/user-import/pages/ImportUsersPage').then((page) => page.ImportUsersPage),
);
const CreateUserPage = lazyPage(() =>
  import('./features/users/pages/CreateUserPage').then((page) => page.CreateUserPage),
);
const EditUserPage = lazyPage(() => import('./features/users/pages/EditUserPage').then((page) => page.EditUserPage));
const UserDetailsPage = lazyPage(() =>
  import('./features/user-details/pages/UserDetailsPage').then((page) => page.UserDetailsPage),
);
const CreateUserLicensePage = lazyPage(() =>
  import('./features/user-licenses/pages/CreateUserLicensePage').then((page) => page.CreateUserLicensePage),
);

/** The users area's pages, relative to /Home. */
export default function UsersRoutes() {
  return (
    <Routes>
      <Route path="Users" element={<UsersPage />} />
      <Route path="Users/Import" element={<ImportUsersPage />} />
      <Route path="CreateUser" element={<CreateUserPage />} />
      <Route path="EditUser/:userID/:userEmail/:externalId?" element={<EditUserPage />} />
      <Route path="UserDetails/:userID" element={<UserDetailsPage />} />
      <Route path="CreateUserLicense/:userID/:userEmail" element={<CreateUserLicensePage />} />
    </Routes>
  );
}
