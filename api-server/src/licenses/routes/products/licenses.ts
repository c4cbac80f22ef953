import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorResponses, IdParams, LicenseList, LicenseListQuery } from 'shared-kit/contract';
import { requireManufacturerStaff } from '../../../auth/permissions';
import { sendRawJson } from '../../../lib/raw-json';
import { licenseList } from '../../license-list';
import type { RouteDependencies } from '../../../routes/route-dependencies';

/** GET /products/{id}/licenses: a product's licences, optionally only owners whose email contains `email`. */
export const productLicenseRoutes: FastifyPluginAsyncTypebox<RouteDependencies> = async (app, { db }) => {
  app.get(
    '/products/:id/licenses',
    {
      schema: {
        tags: ['licenses'],
        params: IdParams,
        querystring: LicenseListQuery,
        response: { 200: LicenseList, ...ErrorResponses },
      },
    },
    async (request, reply) => {
      return sendRawJson(
        reply,
        await licenseList(
          db,
          requireManufacturerStaff(request).manufacturerId,
          { productId: request.params.id },
          request.query,
        ),
      );
    },
  );
};
