import { resourceKey } from 'shared-kit/data';

/** Where a licence's new edition (Change edition) and its renewal (Renew) are posted. */
export const licenseTermsKeys = {
  edition: (licenseId: number) => resourceKey('licenses', licenseId, 'edition'),
  renewal: (licenseId: number) => resourceKey('licenses', licenseId, 'renew'),
};
