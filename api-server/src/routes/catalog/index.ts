import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { RouteDependencies } from '../route-dependencies';
import { buildFileRoutes } from './build-files';
import { buildRoutes } from './builds';
import { channelRoutes } from './channels';
import { productRoutes } from './products';
import { releaseRoutes } from './releases';

/** The catalog area's routes: products, builds, build files, releases, channels and distributions. */
export const catalogRoutes: FastifyPluginAsyncTypebox<RouteDependencies> = async (app, dependencies) => {
  await app.register(productRoutes, dependencies);
  await app.register(buildRoutes, dependencies);
  await app.register(buildFileRoutes, dependencies);
  await app.register(releaseRoutes, dependencies);
  await app.register(channelRoutes, dependencies);
};
