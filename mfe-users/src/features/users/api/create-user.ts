import { type EndUser } from 'shared-kit';
import { useApiMutation, userKeys, type ApiMutation } from 'shared-kit/data';
import { toEndUserBody, type UserFormValues } from '../components/user-form';

const createUser: ApiMutation<UserFormValues, EndUser> = {
  name: 'create-user',
  method: 'POST',
  path: () => userKeys.collection(),
  body: toEndUserBody,
  invalidates: () => [userKeys.lists()],
};

/** POST /users, then every users list is fetched afresh. */
export const useCreateUser = () => useApiMutation(createUser);
