import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { RouteDependencies } from '../route-dependencies';

/** The catalog area's routes: products, builds, build files, releases, channels and distributions. */
export const catalogRoutes: FastifyPluginAsyncTypebox<RouteDependencies> = async () => {};
