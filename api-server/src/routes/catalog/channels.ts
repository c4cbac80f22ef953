import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { DistributionChannelList, ErrorResponse, IdParams } from 'shared-kit/contract';
import { notFound } from '../../lib/http-error';
import { requireManufacturerStaff } from '../../plugins/auth';
import { listChannels } from '../../repositories/channels';
import type { RouteDependencies } from '../route-dependencies';

/** Staff reach only their own manufacturer's channels; another manufacturer answers 404 like a missing one. */
export function requireOwnManufacturer(principal: { manufacturerId: number }, manufacturerId: number): void {
  if (principal.manufacturerId !== manufacturerId) throw notFound('Manufacturer');
}

export const channelRoutes: FastifyPluginAsyncTypebox<RouteDependencies> = async (app, { db }) => {
  app.get(
    '/manufacturers/:id/channels',
    {
      schema: {
        tags: ['channels'],
        params: IdParams,
        response: { 200: DistributionChannelList, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse },
      },
    },
    async (request) => {
      const principal = requireManufacturerStaff(request);
      requireOwnManufacturer(principal, request.params.id);
      return listChannels(db, principal.manufacturerId);
    },
  );
};
