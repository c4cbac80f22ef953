import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { CreateUserLicenseBody, ErrorResponses, IdParams, License, PageQuery } from 'shared-kit/contract';
import { notFound } from '../../../lib/http-error';
import { requireManufacturerStaff } from '../../../auth/permissions';
import { recordAudit } from '../../../audit/queries/audit-log';
import { mailIssuedLicenses } from '../../../buyer-mails/license-issued';
import { findEndUser } from '../../../people/queries/end-users';
import { findLicense, insertLicense } from '../../queries/licenses';
import { findProduct } from '../../../catalog/queries/products';
import { newLicenseSerial } from '../../serial';
import type { RouteDependencies } from '../../../lib/route-dependencies';
import { routeLicenseList } from '../license-list-route';

/** GET/POST /users/{id}/licenses: an end user's licences, and a new licence for them. */
export const userLicenseRoutes: FastifyPluginAsyncTypebox<RouteDependencies> = async (app, { db, config }) => {
  routeLicenseList(app, db, '/users/:id/licenses', PageQuery, (userId) => ({ userId }));

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
          serial: newLicenseSerial(),
        });
        await recordAudit(trx, principal, {
          manufacturerId: principal.manufacturerId,
          action: 'license.create',
          entityType: 'license',
          entityId: created.id,
          after: created,
        });
        // The end user gets their serial by mail unless the manufacturer switched this mail off.
        await mailIssuedLicenses(
          trx,
          config.publicUrl,
          principal.manufacturerId,
          [created.id],
          'license_issued_by_staff',
        );
        return created.id;
      });
      reply.code(201);
      return (await findLicense(db, principal.manufacturerId, id))!;
    },
  );
};
