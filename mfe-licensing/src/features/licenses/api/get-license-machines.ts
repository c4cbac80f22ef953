import { useApiResource, type LicenseMachine } from 'shared-kit';
import { licenseKeys } from 'shared-kit/data';

/** GET /licenses/{id}/machines: every machine the licence was activated on, deactivated ones included. */
export const useLicenseMachines = (licenseId: number): ReturnType<typeof useApiResource<LicenseMachine[]>> =>
  useApiResource<LicenseMachine[]>(licenseKeys.machines(licenseId));
