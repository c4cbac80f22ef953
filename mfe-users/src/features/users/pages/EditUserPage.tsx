import { useParams } from 'react-router';
import { useIdParam } from 'shared-kit';
import { PageUnavailable } from '../../../shared/components/PageUnavailable';
import { NOT_A_USER_ADDRESS } from '../../../shared/texts';
import { useUpdateUser } from '../api/update-user';
import type { UserFormValues } from '../components/user-form';
import { UserForm } from '../components/UserForm';

/** /Home/EditUser/{userID}/{userEmail}[/{externalId}]: the form starts from the values in the address. */
export function EditUserPage() {
  const { userEmail = '', externalId = '' } = useParams();
  const userId = useIdParam('userID');
  if (userId === null) return <PageUnavailable title="Edit User" message={NOT_A_USER_ADDRESS} />;
  return <EditUserForm key={userId} userId={userId} initialValues={{ email: userEmail, externalId }} />;
}

function EditUserForm({ userId, initialValues }: { userId: number; initialValues: UserFormValues }) {
  const { trigger, isMutating } = useUpdateUser();
  return (
    <UserForm
      title="Edit User"
      submitLabel="Update User"
      initialValues={initialValues}
      onSubmit={(values) => trigger({ userId, values })}
      saving={isMutating}
    />
  );
}
