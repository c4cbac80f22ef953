import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { RouteDependencies } from '../../lib/route-dependencies';
import { clientRoutes } from './client-routes';
import { browserActivationClientRoutes } from '../../browser-activation/routes/client-routes';

/** The client API plugins call. */
export const clientApiRoutes: FastifyPluginAsyncTypebox<RouteDependencies> = async (app, dependencies) => {
  await app.register(clientRoutes, dependencies);
  await app.register(browserActivationClientRoutes, dependencies);
};
