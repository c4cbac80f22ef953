import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import { useApiClient, type EndUser } from 'shared-kit';
import { isUserKey, isUsersListKey, userPath } from '../../../lib/user-keys';
import { toEndUserBody, type UserFormValues } from './user-form-values';

/** PATCH /users/{id}, then the list and that user's details are fetched afresh. */
export function useUpdateUser(userId: number) {
  const api = useApiClient();
  const { mutate } = useSWRConfig();
  return useCallback(
    async (values: UserFormValues) => {
      const updated = await api.patch<EndUser>(userPath(userId), toEndUserBody(values));
      await Promise.all([mutate(isUsersListKey), mutate(isUserKey(userId))]);
      return updated;
    },
    [api, mutate, userId],
  );
}
