import { useParams } from 'react-router';
import { NOT_A_USER_ADDRESS, PageUnavailable } from '../../../components/PageUnavailable';
import { parseUserId } from '../../../lib/area-paths';
import { useUpdateUser } from '../api/update-user';
import { UserForm } from './UserForm';

/** /Home/EditUser/{userID}/{userEmail}[/{externalId}]: the form starts from the values in the address. */
export function EditUserPage() {
  const { userID, userEmail = '', externalId = '' } = useParams();
  const userId = parseUserId(userID);
  if (userId === null) return <PageUnavailable title="Edit User" message={NOT_A_USER_ADDRESS} />;
  return <EditUserForm key={userId} userId={userId} initialValues={{ email: userEmail, externalId }} />;
}

function EditUserForm({ userId, initialValues }: { userId: number; initialValues: { email: string; externalId: string } }) {
  const updateUser = useUpdateUser(userId);
  return <UserForm title="Edit User" submitLabel="Update User" initialValues={initialValues} onSubmit={updateUser} />;
}
