import type { PortalSettings, UpdatePortalSettingsBody } from 'shared-kit';
import { portalKeys, useApiMutation, type ApiMutation } from 'shared-kit/data';

export interface PortalSettingsChange {
  manufacturerId: number;
  change: UpdatePortalSettingsBody;
}

const updatePortalSettings: ApiMutation<PortalSettingsChange, PortalSettings> = {
  name: 'update-portal-settings',
  method: 'PATCH',
  path: ({ manufacturerId }) => portalKeys.settings(manufacturerId),
  body: ({ change }) => change,
  invalidates: ({ manufacturerId }) => [portalKeys.settings(manufacturerId)],
};

/** PATCH /manufacturers/{id}/portal-settings: a new slug, or the portal switched on or off. */
export const useUpdatePortalSettings = () => useApiMutation<PortalSettingsChange, PortalSettings>(updatePortalSettings);
