import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import { useApiClient, type EndUser, type License } from 'shared-kit';
import { isEndUserKey, isLicenseListKey } from './license-keys';

/** PATCH /licenses/{id} with `{ user_id, email }`: the licence moves to another end user of the manufacturer. */
export function useTransferLicense() {
  const api = useApiClient();
  const { mutate } = useSWRConfig();
  return useCallback(
    async (licenseId: number, target: Pick<EndUser, 'id' | 'email'>) => {
      const license = await api.patch<License>(`/licenses/${licenseId}`, { user_id: target.id, email: target.email });
      // Both owners' licence lists and transfer histories changed.
      await Promise.all([mutate(isLicenseListKey), mutate(isEndUserKey)]);
      return license;
    },
    [api, mutate],
  );
}
