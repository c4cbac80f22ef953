import { type LicenseRenewBody, type LicenseTerms } from 'shared-kit';
import { auditEventKeys, useApiMutation, type ApiMutation } from 'shared-kit/data';
import { licenseTermsKeys } from './license-terms-keys';

export interface LicenseRenewal {
  licenseId: number;
  body: LicenseRenewBody;
}

const renewLicense: ApiMutation<LicenseRenewal, LicenseTerms> = {
  name: 'renew-license',
  method: 'POST',
  path: ({ licenseId }) => licenseTermsKeys.renewal(licenseId),
  body: ({ body }) => body,
  // Its History; the caller puts the answer (the licence's terms) in the cache, so nothing shown blinks out.
  invalidates: () => [auditEventKeys.lists()],
};

/** POST /licenses/{id}/renew: to a date, or by its policy's duration. */
export const useRenewLicense = () => useApiMutation<LicenseRenewal, LicenseTerms>(renewLicense);
