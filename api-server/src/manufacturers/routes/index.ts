import { routeGroup } from '../../lib/route-dependencies';
import { manufacturerExportRoutes } from './manufacturers/export';
import { manufacturerRoutes } from './manufacturers/manufacturers';

/** /manufacturers and /manufacturers/{id}: the manufacturers (the superuser's) and their CSV export. */
export const manufacturersRoutes = routeGroup(manufacturerRoutes, manufacturerExportRoutes);
