import { useApiResource, type PortalSettings, type ResourceResult } from 'shared-kit';
import { portalKeys } from 'shared-kit/data';

/** GET /manufacturers/{id}/portal-settings: whether the user's manufacturer has its portal on, and its address. */
export const usePortalSettings = (manufacturerId: number): ResourceResult<PortalSettings> =>
  useApiResource<PortalSettings>(portalKeys.settings(manufacturerId));
