import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { RouteDependencies } from '../route-dependencies';

/** The users area's routes: end users and channel memberships. */
export const usersRoutes: FastifyPluginAsyncTypebox<RouteDependencies> = async () => {};
