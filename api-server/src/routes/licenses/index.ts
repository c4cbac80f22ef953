import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { RouteDependencies } from '../route-dependencies';
import { licenseRoutes } from './licenses';

/** /licenses/…: bulk updates, a licence's state and transfer, activations. */
export const licensesRoutes: FastifyPluginAsyncTypebox<RouteDependencies> = async (app, dependencies) => {
  await app.register(licenseRoutes, dependencies);
};
