import { useApiResource, type LicenseOrder, type ResourceResult } from 'shared-kit';
import { orderKeys } from 'shared-kit/data';

/** GET /licenses/{id}/order: the order a licence came from (`order: null` for one made another way). */
export const useLicenseOrder = (licenseId: number): ResourceResult<LicenseOrder> =>
  useApiResource<LicenseOrder>(orderKeys.ofLicense(licenseId));
