import { Route, Routes } from 'react-router';
import { UsersPage } from './features/users/components/UsersPage';
import { CreateUserPage } from './features/users/components/CreateUserPage';
import { EditUserPage } from './features/users/components/EditUserPage';
import { UserDetailsPage } from './features/user-details/components/UserDetailsPage';
import { CreateUserLicensePage } from './features/user-licenses/components/CreateUserLicensePage';

/** The users area's pages, relative to /Home. */
export default function UsersRoutes() {
  return (
    <Routes>
      <Route path="Users" element={<UsersPage />} />
      <Route path="CreateUser" element={<CreateUserPage />} />
      <Route path="EditUser/:userID/:userEmail/:externalId?" element={<EditUserPage />} />
      <Route path="UserDetails/:userID" element={<UserDetailsPage />} />
      <Route path="CreateUserLicense/:userID/:userEmail" element={<CreateUserLicensePage />} />
    </Routes>
  );
}
