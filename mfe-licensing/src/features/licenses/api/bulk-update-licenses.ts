import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import { useApiClient, type BulkUpdateLicensesResult, type DisableReason } from 'shared-kit';
import { isLicenseListKey } from './license-keys';

/** PATCH /licenses/bulk-update: all the chosen licences change, or none does. */
export function useBulkUpdateLicenses() {
  const api = useApiClient();
  const { mutate } = useSWRConfig();
  return useCallback(
    async (licenseIds: number[], disabled: boolean, reason: DisableReason | null) => {
      const result = await api.patch<BulkUpdateLicensesResult>('/licenses/bulk-update', { license_ids: licenseIds, disabled, disabled_reason: disabled ? reason : null });
      await mutate(isLicenseListKey);
      return result.data;
    },
    [api, mutate],
  );
}
