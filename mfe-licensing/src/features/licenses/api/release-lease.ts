import { type LicenseLease } from 'shared-kit';
import { useApiMutation, type ApiMutation } from 'shared-kit/data';
import { leaseKeys } from './get-license-leases';

export interface LeaseRelease {
  licenseId: number;
  leaseId: string;
}

const releaseLease: ApiMutation<LeaseRelease, LicenseLease> = {
  name: 'release-lease',
  method: 'POST',
  path: ({ licenseId, leaseId }) => leaseKeys.release(licenseId, leaseId),
  body: () => ({}),
  invalidates: ({ licenseId }) => [leaseKeys.seats(licenseId)],
  // A 404 means the machine checked in, or the lease ended, first: the list should show that.
  invalidateOnFailure: true,
};

/** POST /licenses/{id}/leases/{leaseId}/release, then the licence's seats are fetched afresh. */
export const useReleaseLease = () => useApiMutation(releaseLease);
