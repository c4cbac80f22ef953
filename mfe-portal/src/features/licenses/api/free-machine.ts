import type { ApiClient, PortalMachineFreed } from 'shared-kit';

/** POST /portal/licenses/{licenseId}/machines/{machineId}/deactivate: frees the machine (the client API's rule and cap). */
export const freeMachine = (api: ApiClient, licenseId: number, machineId: number) =>
  api.post<PortalMachineFreed>(`/portal/licenses/${licenseId}/machines/${machineId}/deactivate`);
