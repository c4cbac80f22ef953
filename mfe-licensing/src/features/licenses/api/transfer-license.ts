import { type EndUser, type License } from 'shared-kit';
import { licenseKeys, userKeys, useApiMutation, type ApiMutation } from 'shared-kit/data';

export interface LicenseTransfer {
  licenseId: number;
  target: Pick<EndUser, 'id' | 'email'>;
}

const transferLicense: ApiMutation<LicenseTransfer, License> = {
  name: 'transfer-license',
  method: 'PATCH',
  path: ({ licenseId }) => licenseKeys.detail(licenseId),
  body: ({ target }) => ({ user_id: target.id, email: target.email }),
  // Both owners' licence lists and transfer histories changed.
  invalidates: () => [...licenseKeys.lists(), userKeys.details()],
};

/** PATCH /licenses/{id} with `{ user_id, email }`: the licence moves to another end user of the manufacturer. */
export const useTransferLicense = () => useApiMutation(transferLicense);
