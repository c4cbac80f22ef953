import { useApiResource, type LicenseTerms, type ResourceResult } from 'shared-kit';
import { policyKeys } from 'shared-kit/data';

/** GET /licenses/{id}/terms: the licence's edition, expiry and maintenance end (docs/licensing.md). */
export const useLicenseTerms = (licenseId: number): ResourceResult<LicenseTerms> =>
  useApiResource<LicenseTerms>(policyKeys.terms(licenseId));
