import { useCreateUser } from '../api/create-user';
import { UserForm } from '../components/UserForm';

const EMPTY_USER = { email: '', externalId: '' };

/** /Home/CreateUser */
export function CreateUserPage() {
  const { trigger: createUser, isMutating } = useCreateUser();
  return (
    <UserForm
      title="Create New User"
      submitLabel="Create User"
      initialValues={EMPTY_USER}
      onSubmit={createUser}
      saving={isMutating}
    />
  );
}
