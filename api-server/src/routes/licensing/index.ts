import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { RouteDependencies } from '../route-dependencies';

/** The licensing area's routes: licences, bulk updates, transfers, activations and trials. */
export const licensingRoutes: FastifyPluginAsyncTypebox<RouteDependencies> = async () => {};
