import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import { useApiClient, type DisableReason, type License } from 'shared-kit';
import { isLicenseListKey } from './license-keys';

/** PATCH /licenses/{id} with `{ disabled, disabled_reason }`: deactivate with a reason, or activate. */
export function useUpdateLicenseState() {
  const api = useApiClient();
  const { mutate } = useSWRConfig();
  return useCallback(
    async (licenseId: number, disabled: boolean, reason: DisableReason | null) => {
      const license = await api.patch<License>(`/licenses/${licenseId}`, { disabled, disabled_reason: disabled ? reason : null });
      await mutate(isLicenseListKey);
      return license;
    },
    [api, mutate],
  );
}
