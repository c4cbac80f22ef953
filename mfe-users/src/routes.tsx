import { Route, Routes } from 'react-router-dom';
import { PageHeader } from 'shared-kit';

// Placeholder pages: each screen of this area arrives with its area's issue.
export default function UsersRoutes() {
  return (
    <Routes>
      <Route path="Users" element={<PageHeader title="Users" />} />
      <Route path="CreateUser" element={<PageHeader title="Create New User" />} />
      <Route path="EditUser/:userID/:userEmail/:externalId?" element={<PageHeader title="Edit User" />} />
      <Route path="UserDetails/:userID" element={<PageHeader title="User Details" />} />
      <Route path="CreateUserLicense/:userID/:userEmail" element={<PageHeader title="Add License" />} />
    </Routes>
  );
}
