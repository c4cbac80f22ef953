import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { RouteDependencies } from '../../lib/route-dependencies';
import { floatingClientRoutes } from './client-routes';
import { floatingStaffRoutes } from './staff-routes';

/** Floating seats: the plugin's calls and staff's view of the seats in use. */
export const floatingRoutes: FastifyPluginAsyncTypebox<RouteDependencies> = async (app, dependencies) => {
  await app.register(floatingClientRoutes, dependencies);
  await app.register(floatingStaffRoutes, dependencies);
};
