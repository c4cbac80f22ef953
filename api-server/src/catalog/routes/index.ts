import { routeGroup } from '../../lib/route-dependencies';
import { channelRoutes } from './manufacturers/channels';
import { buildFileRoutes } from './products/build-files';
import { buildRoutes } from './products/builds';
import { productExportRoutes } from './products/export';
import { productRoutes } from './products/products';
import { releaseRoutes } from './products/releases';

/** The catalog: /products/… (products, builds, build files, releases, their CSV exports) and a manufacturer's channels. */
export const catalogRoutes = routeGroup(
  productRoutes,
  buildRoutes,
  buildFileRoutes,
  releaseRoutes,
  productExportRoutes,
  channelRoutes,
);
