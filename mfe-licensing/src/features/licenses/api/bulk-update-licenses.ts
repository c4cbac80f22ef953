import { type BulkUpdateLicensesResult, type DisableReason } from 'shared-kit';
import { licenseKeys, useApiMutation, type ApiMutation } from 'shared-kit/data';

export interface BulkLicenseUpdate {
  licenseIds: number[];
  disabled: boolean;
  reason: DisableReason | null;
}

const bulkUpdateLicenses: ApiMutation<BulkLicenseUpdate, BulkUpdateLicensesResult> = {
  name: 'bulk-update-licenses',
  method: 'PATCH',
  path: () => licenseKeys.bulkUpdate(),
  body: ({ licenseIds, disabled, reason }) => ({
    license_ids: licenseIds,
    disabled,
    disabled_reason: disabled ? reason : null,
  }),
  invalidates: () => licenseKeys.lists(),
};

/** PATCH /licenses/bulk-update: all the chosen licences change, or none does; then every licence list is fetched afresh. */
export const useBulkUpdateLicenses = () => useApiMutation(bulkUpdateLicenses);
