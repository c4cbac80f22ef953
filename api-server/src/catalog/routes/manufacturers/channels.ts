import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import {
  ChannelParams,
  ChannelReleaseParams,
  DistributeReleaseBody,
  DistributionChannelList,
  ErrorResponses,
  IdParams,
  ReleaseDistribution,
  buildsAllowDistribution,
} from 'shared-kit/contract';
import { toReleaseDistribution } from '../../release-shape';
import { RELEASE_NOT_DISTRIBUTABLE } from '../../release-rules';
import type { Db } from '../../../db/database';
import { HttpError, conflict, notFound } from '../../../lib/http-error';
import { requireManufacturerStaff, requireStaffSession } from '../../../auth/permissions';
import type { StaffPrincipal } from '../../../auth/principal';
import { recordLinkAudit } from '../../../audit/queries/audit-log';
import { findChannel, listChannels } from '../../queries/channels';
import {
  buildOsesOfRelease,
  deleteDistribution,
  findDistribution,
  insertDistribution,
  lockRelease,
} from '../../queries/releases';
import type { RouteDependencies } from '../../../lib/route-dependencies';
import { RELEASE } from '../../lookups';

export const alreadyDistributed = (releaseId: number, channelName: string) =>
  `Release ${releaseId} is already distributed to channel '${channelName}'.`;
export const notDistributed = (releaseId: number, channelName: string) =>
  `Release ${releaseId} is not distributed to channel '${channelName}'.`;

/** Staff reach only their own manufacturer's channels; another manufacturer answers 404 like a missing one. */
export function requireOwnManufacturer(principal: { manufacturerId: number }, manufacturerId: number): void {
  if (principal.manufacturerId !== manufacturerId) throw notFound('Manufacturer');
}

async function requireChannel(db: Db, manufacturerId: number, channelId: number) {
  const channel = await findChannel(db, manufacturerId, channelId);
  if (!channel) throw notFound('Channel');
  return channel;
}

/** The release row, locked so its builds cannot change while its channels do. */
async function requireLockedRelease(db: Db, manufacturerId: number, releaseId: number) {
  const release = await lockRelease(db, manufacturerId, releaseId);
  if (!release) throw notFound(RELEASE);
  return release;
}

/** Audits a release put on (`made`) or taken off one of the staff member's own channels. */
function auditDistribution(
  db: Db,
  principal: StaffPrincipal,
  releaseId: number,
  channel: { id: number; name: string },
  made: boolean,
) {
  return recordLinkAudit(db, principal, {
    manufacturerId: principal.manufacturerId,
    action: made ? 'release.distribute' : 'release.undistribute',
    entityType: 'release',
    entityId: releaseId,
    link: { channel_id: channel.id, channel_name: channel.name },
    made,
  });
}

export const channelRoutes: FastifyPluginAsyncTypebox<RouteDependencies> = async (app, { db }) => {
  app.get(
    '/manufacturers/:id/channels',
    { schema: { tags: ['channels'], params: IdParams, response: { 200: DistributionChannelList, ...ErrorResponses } } },
    async (request) => {
      const principal = requireManufacturerStaff(request);
      requireOwnManufacturer(principal, request.params.id);
      return listChannels(db, principal.manufacturerId);
    },
  );

  app.post(
    '/manufacturers/:id/channels/:channelId/releases',
    {
      schema: {
        tags: ['channels'],
        params: ChannelParams,
        body: DistributeReleaseBody,
        response: { 201: ReleaseDistribution, ...ErrorResponses },
      },
    },
    async (request, reply) => {
      const principal = requireStaffSession(request);
      requireOwnManufacturer(principal, request.params.id);
      const { manufacturerId } = principal;
      const releaseId = request.body.product_release_id;
      const distribution = await db.transaction().execute(async (trx) => {
        const channel = await requireChannel(trx, manufacturerId, request.params.channelId);
        await requireLockedRelease(trx, manufacturerId, releaseId);
        if (await findDistribution(trx, releaseId, channel.id))
          throw conflict(alreadyDistributed(releaseId, channel.name));
        const builds = await buildOsesOfRelease(trx, releaseId);
        if (!buildsAllowDistribution(builds)) throw conflict(RELEASE_NOT_DISTRIBUTABLE);
        const created = await insertDistribution(trx, manufacturerId, releaseId, channel.id);
        await auditDistribution(trx, principal, releaseId, channel, true);
        return toReleaseDistribution({
          id: created.id,
          release_id: releaseId,
          channel,
          created_at: created.created_at,
        });
      });
      return reply.status(201).send(distribution);
    },
  );

  app.delete(
    '/manufacturers/:id/channels/:channelId/releases/:releaseId',
    { schema: { tags: ['channels'], params: ChannelReleaseParams, response: { 204: Type.Null(), ...ErrorResponses } } },
    async (request, reply) => {
      const principal = requireStaffSession(request);
      requireOwnManufacturer(principal, request.params.id);
      const { manufacturerId } = principal;
      const { releaseId } = request.params;
      await db.transaction().execute(async (trx) => {
        const channel = await requireChannel(trx, manufacturerId, request.params.channelId);
        await requireLockedRelease(trx, manufacturerId, releaseId);
        const distribution = await findDistribution(trx, releaseId, channel.id);
        if (!distribution) throw new HttpError(404, notDistributed(releaseId, channel.name));
        await deleteDistribution(trx, distribution.id);
        await auditDistribution(trx, principal, releaseId, channel, false);
      });
      return reply.status(204).send(null);
    },
  );
};
