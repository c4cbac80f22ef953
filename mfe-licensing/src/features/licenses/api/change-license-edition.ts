import { type LicenseEditionBody, type LicenseTerms } from 'shared-kit';
import { auditEventKeys, useApiMutation, type ApiMutation } from 'shared-kit/data';
import { licenseTermsKeys } from './license-terms-keys';

export interface LicenseEditionChange {
  licenseId: number;
  body: LicenseEditionBody;
}

const changeLicenseEdition: ApiMutation<LicenseEditionChange, LicenseTerms> = {
  name: 'change-license-edition',
  method: 'POST',
  path: ({ licenseId }) => licenseTermsKeys.edition(licenseId),
  body: ({ body }) => body,
  // Its History; the caller puts the answer (the licence's terms) in the cache, so nothing shown blinks out.
  invalidates: () => [auditEventKeys.lists()],
};

/** POST /licenses/{id}/edition: the licence keeps its serial and unlocks the new edition's features. */
export const useChangeLicenseEdition = () => useApiMutation<LicenseEditionChange, LicenseTerms>(changeLicenseEdition);
