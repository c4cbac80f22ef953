import { routeGroup } from '../../lib/route-dependencies';
import { licenseOrderRoutes } from './license-order';
import { manufacturerOrderRoutes } from './manufacturer-orders';
import { orderRoutes } from './orders';

/** /orders/… (create, read, refund), /manufacturers/{id}/orders (list, export), /licenses/{id}/order. */
export const ordersRoutes = routeGroup(orderRoutes, manufacturerOrderRoutes, licenseOrderRoutes);
