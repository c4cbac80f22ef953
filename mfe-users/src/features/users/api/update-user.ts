import { type EndUser } from 'shared-kit';
import { useApiMutation, userKeys, type ApiMutation } from 'shared-kit/data';
import { toEndUserBody, type UserFormValues } from '../components/user-form';

export interface UserUpdate {
  userId: number;
  values: UserFormValues;
}

const updateUser: ApiMutation<UserUpdate, EndUser> = {
  name: 'update-user',
  method: 'PATCH',
  path: ({ userId }) => userKeys.detail(userId),
  body: ({ values }) => toEndUserBody(values),
  invalidates: ({ userId }) => [userKeys.lists(), userKeys.detail(userId)],
};

/** PATCH /users/{id}, then every users list and that user's details are fetched afresh. */
export const useUpdateUser = () => useApiMutation(updateUser);
