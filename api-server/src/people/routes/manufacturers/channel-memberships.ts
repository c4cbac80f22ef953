import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  ChannelMemberParams,
  ChannelMembership,
  ChannelMembershipBody,
  ChannelParams,
  ErrorResponses,
} from 'shared-kit/contract';
import { toChannelMembership } from '../../end-user-shape';
import type { Db } from '../../../db/database';
import { badRequest, conflict, notFound } from '../../../lib/http-error';
import type { Principal } from '../../../auth/principal';
import { requireStaffSession } from '../../../auth/permissions';
import { recordLinkAudit } from '../../../audit/queries/audit-log';
import type { AuditActor } from '../../../auth/actor';
import { deleteMembership, insertMembership, isReleaseChannel } from '../../queries/channel-memberships';
import { findChannel } from '../../../catalog/queries/channels';
import { findEndUser } from '../../queries/end-users';
import type { RouteDependencies } from '../../../lib/route-dependencies';
import { USER_NOT_FOUND } from '../users/end-users';

export const RELEASE_CHANNEL_FIXED = 'The Release channel cannot be changed: every user is always a member of it.';
export const ALREADY_A_MEMBER = 'The user is already a member of this channel.';

type Channel = NonNullable<Awaited<ReturnType<typeof findChannel>>>;

/**
 * The channel the path names, within the staff member's own manufacturer. Another manufacturer, or a channel
 * of another manufacturer, answers 404 like a missing one.
 */
async function reachableChannel(
  db: Db,
  principal: Principal & { manufacturerId: number },
  manufacturerId: number,
  channelId: number,
) {
  if (principal.manufacturerId !== manufacturerId) throw notFound('Manufacturer');
  const channel = await findChannel(db, manufacturerId, channelId);
  if (!channel) throw notFound('Channel');
  return channel;
}

/** Audits a user added to (`made`) or removed from a channel. */
function auditMembership(
  db: Db,
  actor: AuditActor,
  manufacturerId: number,
  userId: number,
  channel: Channel,
  made: boolean,
) {
  return recordLinkAudit(db, actor, {
    manufacturerId,
    action: made ? 'channel_membership.add' : 'channel_membership.remove',
    entityType: 'end_user',
    entityId: userId,
    link: { channel, user_id: userId },
    made,
  });
}

/** POST/DELETE /manufacturers/{id}/channels/{channelId}/users: who receives a channel's (pre-)releases. */
export const channelMembershipRoutes: FastifyPluginAsyncTypebox<RouteDependencies> = async (app, { db }) => {
  app.post(
    '/manufacturers/:id/channels/:channelId/users',
    {
      schema: {
        tags: ['users'],
        params: ChannelParams,
        body: ChannelMembershipBody,
        response: { 201: ChannelMembership, ...ErrorResponses },
      },
    },
    async (request, reply) => {
      const principal = requireStaffSession(request);
      const { id: manufacturerId, channelId } = request.params;
      const userId = request.body.user_id;
      const channel = await reachableChannel(db, principal, manufacturerId, channelId);
      if (isReleaseChannel(channel)) throw badRequest(RELEASE_CHANNEL_FIXED);
      const membership = await db.transaction().execute(async (trx) => {
        if (!(await findEndUser(trx, manufacturerId, userId))) throw notFound(USER_NOT_FOUND);
        const added = await insertMembership(trx, manufacturerId, channelId, userId);
        if (!added) throw conflict(ALREADY_A_MEMBER);
        await auditMembership(trx, principal, manufacturerId, userId, channel, true);
        return added;
      });
      return reply.status(201).send(toChannelMembership(membership, channel));
    },
  );

  app.delete(
    '/manufacturers/:id/channels/:channelId/users/:userId',
    { schema: { tags: ['users'], params: ChannelMemberParams, response: { 204: Type.Null(), ...ErrorResponses } } },
    async (request, reply) => {
      const principal = requireStaffSession(request);
      const { id: manufacturerId, channelId, userId } = request.params;
      const channel = await reachableChannel(db, principal, manufacturerId, channelId);
      if (isReleaseChannel(channel)) throw badRequest(RELEASE_CHANNEL_FIXED);
      await db.transaction().execute(async (trx) => {
        if (!(await findEndUser(trx, manufacturerId, userId))) throw notFound(USER_NOT_FOUND);
        const removed = await deleteMembership(trx, manufacturerId, channelId, userId);
        if (!removed) throw notFound('Channel membership');
        await auditMembership(trx, principal, manufacturerId, userId, channel, false);
      });
      return reply.status(204).send(null);
    },
  );
};
