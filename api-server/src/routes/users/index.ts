import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { RouteDependencies } from '../route-dependencies';
import { channelMembershipRoutes } from './channel-memberships';
import { endUserRoutes } from './end-users';

/** The users area's routes: end users and channel memberships. */
export const usersRoutes: FastifyPluginAsyncTypebox<RouteDependencies> = async (app, dependencies) => {
  await app.register(endUserRoutes, dependencies);
  await app.register(channelMembershipRoutes, dependencies);
};
