import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { RouteDependencies } from '../route-dependencies';
import { clientRoutes } from './client-routes';
import { staffMachineRoutes } from './staff-machines';

/** The client API plugins call, and the staff routes of the machines it records. */
export const clientApiRoutes: FastifyPluginAsyncTypebox<RouteDependencies> = async (app, dependencies) => {
  await app.register(clientRoutes, dependencies);
  await app.register(staffMachineRoutes, dependencies);
};
