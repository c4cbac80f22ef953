import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { RouteDependencies } from '../route-dependencies';
import { licenseRoutes } from './licenses';
import { trialRoutes } from './trials';

/** The licensing area's routes: licences, bulk updates, transfers, activations and trials. */
export const licensingRoutes: FastifyPluginAsyncTypebox<RouteDependencies> = async (app, dependencies) => {
  await app.register(licenseRoutes, dependencies);
  await app.register(trialRoutes, dependencies);
};
