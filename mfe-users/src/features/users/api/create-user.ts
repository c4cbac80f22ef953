import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import { useApiClient, type EndUser } from 'shared-kit';
import { USERS_PATH, isUsersListKey } from '../../../lib/user-keys';
import { toEndUserBody, type UserFormValues } from './user-form-values';

/** POST /users, then the users list is fetched afresh. */
export function useCreateUser() {
  const api = useApiClient();
  const { mutate } = useSWRConfig();
  return useCallback(
    async (values: UserFormValues) => {
      const created = await api.post<EndUser>(USERS_PATH, toEndUserBody(values));
      await mutate(isUsersListKey);
      return created;
    },
    [api, mutate],
  );
}
