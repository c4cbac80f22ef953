import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorResponses, IdParams, LicenseOrder } from 'shared-kit/contract';
import { requireManufacturerStaff } from '../../auth/permissions';
import { notFound } from '../../lib/http-error';
import type { RouteDependencies } from '../../lib/route-dependencies';
import { findLicense } from '../../licenses/queries/licenses';
import { findLicenseOrder } from '../queries/orders';

/** GET /licenses/{id}/order: the order a licence came from (null for one made another way). */
export const licenseOrderRoutes: FastifyPluginAsyncTypebox<RouteDependencies> = async (app, { db }) => {
  app.get(
    '/licenses/:id/order',
    {
      schema: {
        tags: ['orders'],
        summary: 'The order a licence came from, if any',
        params: IdParams,
        response: { 200: LicenseOrder, ...ErrorResponses },
      },
    },
    async (request) => {
      const { manufacturerId } = requireManufacturerStaff(request);
      if (!(await findLicense(db, manufacturerId, request.params.id))) throw notFound('License');
      return { order: (await findLicenseOrder(db, manufacturerId, request.params.id)) ?? null };
    },
  );
};
