import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { CreateUserLicenseBody, ErrorResponses, IdParams, License, LicenseList, PageQuery } from 'shared-kit/contract';
import { notFound } from '../../lib/http-error';
import { requireManufacturerStaff } from '../../auth/permissions';
import { recordAudit } from '../../repositories/audit-log';
import { findEndUser } from '../../people/queries/end-users';
import { findLicense, insertLicense } from '../../licenses/queries/licenses';
import { findProduct } from '../../catalog/queries/products';
import { sendRawJson } from '../../lib/raw-json';
import { licenseList } from '../../licenses/license-list';
import type { RouteDependencies } from '../route-dependencies';

/** GET/POST /users/{id}/licenses: an end user's licences, and a new licence for them. */
export const userLicenseRoutes: FastifyPluginAsyncTypebox<RouteDependencies> = async (app, { db }) => {
  app.get(
    '/users/:id/licenses',
    {
      schema: {
        tags: ['licenses'],
        params: IdParams,
        querystring: PageQuery,
        response: { 200: LicenseList, ...ErrorResponses },
      },
    },
    async (request, reply) => {
      return sendRawJson(
        reply,
        await licenseList(
          db,
          requireManufacturerStaff(request).manufacturerId,
          { userId: request.params.id },
          request.query,
        ),
      );
    },
  );

  app.post(
    '/users/:id/licenses',
    {
      schema: {
        tags: ['licenses'],
        params: IdParams,
        body: CreateUserLicenseBody,
        response: { 201: License, ...ErrorResponses },
      },
    },
    async (request, reply) => {
      const principal = requireManufacturerStaff(request);
      const id = await db.transaction().execute(async (trx) => {
        if (!(await findEndUser(trx, principal.manufacturerId, request.params.id))) throw notFound('User');
        if (!(await findProduct(trx, principal.manufacturerId, request.body.product_id))) throw notFound('Product');
        const created = await insertLicense(trx, {
          manufacturerId: principal.manufacturerId,
          productId: request.body.product_id,
          userId: request.params.id,
          licenseType: request.body.license_type,
        });
        await recordAudit(trx, principal, {
          manufacturerId: principal.manufacturerId,
          action: 'license.create',
          entityType: 'license',
          entityId: created.id,
          after: created,
        });
        return created.id;
      });
      reply.code(201);
      return (await findLicense(db, principal.manufacturerId, id))!;
    },
  );
};
