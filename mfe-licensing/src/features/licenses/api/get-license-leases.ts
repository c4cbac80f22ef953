import { useApiResource, type LicenseLeaseList, type ResourceResult } from 'shared-kit';
import { resourceKey } from 'shared-kit/data';

/** A floating licence's seats in use, and staff's release of one (GET and POST /licenses/{id}/leases…). */
export const leaseKeys = {
  seats: (licenseId: number) => resourceKey('licenses', licenseId, 'leases'),
  release: (licenseId: number, leaseId: string) => resourceKey('licenses', licenseId, 'leases', leaseId, 'release'),
};

/** GET /licenses/{id}/leases: a floating licence's seats and the leases holding them now (`seats` null: not floating). */
export const useLicenseLeases = (licenseId: number): ResourceResult<LicenseLeaseList> =>
  useApiResource<LicenseLeaseList>(leaseKeys.seats(licenseId));
