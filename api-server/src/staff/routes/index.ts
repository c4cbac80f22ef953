import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { PrincipalCache } from '../../auth/principal';
import type { RouteDependencies } from '../../lib/route-dependencies';
import { staffInviteRoutes } from './staff-invites';
import { staffMemberRoutes } from './staff-members';

/** Staff: /manufacturers/{id}/staff… (the owner's Staff section) and /staff-invites/accept (the invite's link). */
export const staffRoutes: FastifyPluginAsyncTypebox<RouteDependencies & { sessionCache?: PrincipalCache }> = async (
  app,
  dependencies,
) => {
  await app.register(staffMemberRoutes, dependencies);
  await app.register(staffInviteRoutes, dependencies);
};
