import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { RouteDependencies } from '../../routes/route-dependencies';
import { licenseRoutes } from './licenses';
import { licenseMachineRoutes } from './machines';

/** /licenses/…: bulk updates, a licence's state and transfer, activations, the machines a licence is activated on. */
export const licensesRoutes: FastifyPluginAsyncTypebox<RouteDependencies> = async (app, dependencies) => {
  await app.register(licenseRoutes, dependencies);
  await app.register(licenseMachineRoutes, dependencies);
};
