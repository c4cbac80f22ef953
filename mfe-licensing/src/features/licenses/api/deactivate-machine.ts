import { type LicenseMachine } from 'shared-kit';
import { licenseKeys, useApiMutation, type ApiMutation } from 'shared-kit/data';

export interface MachineDeactivation {
  licenseId: number;
  machineId: number;
}

const deactivateMachine: ApiMutation<MachineDeactivation, LicenseMachine> = {
  name: 'deactivate-machine',
  method: 'POST',
  path: ({ licenseId, machineId }) => licenseKeys.machineDeactivation(licenseId, machineId),
  body: () => ({}),
  invalidates: ({ licenseId }) => [licenseKeys.machines(licenseId)],
  // A 409 means someone else deactivated it first: the list should show that.
  invalidateOnFailure: true,
};

/** POST /licenses/{id}/machines/{machineId}/deactivate, then the licence's machines are fetched afresh. */
export const useDeactivateMachine = () => useApiMutation(deactivateMachine);
