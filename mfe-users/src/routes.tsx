import { Route, Routes } from 'react-router';
import { UsersPage } from './features/users/pages/UsersPage';
import { CreateUserPage } from './features/users/pages/CreateUserPage';
import { EditUserPage } from './features/users/pages/EditUserPage';
import { UserDetailsPage } from './features/user-details/pages/UserDetailsPage';
import { CreateUserLicensePage } from './features/user-licenses/pages/CreateUserLicensePage';
import { ImportUsersPage } from './features/user-import/pages/ImportUsersPage';

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
