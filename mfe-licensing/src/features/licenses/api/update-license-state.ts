import { type DisableReason, type License } from 'shared-kit';
import { licenseKeys, useApiMutation, type ApiMutation } from 'shared-kit/data';

export interface LicenseStateChange {
  licenseId: number;
  disabled: boolean;
  reason: DisableReason | null;
}

const updateLicenseState: ApiMutation<LicenseStateChange, License> = {
  name: 'update-license-state',
  method: 'PATCH',
  path: ({ licenseId }) => licenseKeys.detail(licenseId),
  body: ({ disabled, reason }) => ({ disabled, disabled_reason: disabled ? reason : null }),
  // A licence shows in its product's list and its owner's: every licence list.
  invalidates: () => licenseKeys.lists(),
};

/** PATCH /licenses/{id} with `{ disabled, disabled_reason }`: deactivate with a reason, or activate. */
export const useUpdateLicenseState = () => useApiMutation(updateLicenseState);
