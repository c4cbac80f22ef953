import { useApiResource, type PortalSettings, type ResourceResult } from 'shared-kit';
import { portalKeys } from 'shared-kit/data';

/** GET /manufacturers/{id}/portal-settings: the portal's slug, its address and whether it is on. */
export const usePortalSettings = (manufacturerId: number): ResourceResult<PortalSettings> =>
  useApiResource<PortalSettings>(portalKeys.settings(manufacturerId));
