import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import { useApiClient, type CreateUserLicenseBody, type License } from 'shared-kit';
import { isUserLicensesKey, userLicensesPath } from '../../../lib/user-keys';

/** POST /users/{id}/licenses, then the user's licence list is fetched afresh. */
export function useCreateUserLicense(userId: number) {
  const api = useApiClient();
  const { mutate } = useSWRConfig();
  return useCallback(
    async (body: CreateUserLicenseBody) => {
      const license = await api.post<License>(userLicensesPath(userId), body);
      await mutate(isUserLicensesKey(userId));
      return license;
    },
    [api, mutate, userId],
  );
}
