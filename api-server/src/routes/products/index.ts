import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { RouteDependencies } from '../route-dependencies';
import { buildFileRoutes } from './build-files';
import { buildRoutes } from './builds';
import { productExportRoutes } from './export';
import { productLicenseRoutes } from '../../licenses/routes/products/licenses';
import { productRoutes } from './products';
import { releaseRoutes } from './releases';
import { trialRoutes } from '../../licenses/routes/products/trials';

/** /products/…: products, builds, build files, releases, a product's licences and trials. */
export const productsRoutes: FastifyPluginAsyncTypebox<RouteDependencies> = async (app, dependencies) => {
  await app.register(productRoutes, dependencies);
  await app.register(buildRoutes, dependencies);
  await app.register(buildFileRoutes, dependencies);
  await app.register(releaseRoutes, dependencies);
  await app.register(productLicenseRoutes, dependencies);
  await app.register(trialRoutes, dependencies);
  await app.register(productExportRoutes, dependencies);
};
