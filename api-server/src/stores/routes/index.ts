import { routeGroup } from '../../lib/route-dependencies';
import { storeEventRoutes } from './store-events';
import { storeSettingsRoutes } from './store-settings';

/** /manufacturers/{id}/stores/{store}… (staff settings), /stores/{store}/{manufacturer}/events (the stores' webhooks). */
export const storesRoutes = routeGroup(storeSettingsRoutes, storeEventRoutes);
