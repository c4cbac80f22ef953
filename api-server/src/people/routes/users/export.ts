import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { EndUserExportQuery, ErrorResponses, IdParams } from 'shared-kit/contract';
import { licenseExport } from '../../../licenses/queries/license-exports';
import { endUserExport } from '../../queries/exports';
import { exportFileName, sendCsv } from '../../../lib/csv/send-csv';
import { notFound } from '../../../lib/http-error';
import { requireManufacturerStaff } from '../../../auth/permissions';
import { findEndUser } from '../../queries/end-users';
import type { RouteDependencies } from '../../../lib/route-dependencies';

const csv = { tags: ['export'], response: ErrorResponses };

/** CSV exports of the end users and of one end user's licences. */
export const userExportRoutes: FastifyPluginAsyncTypebox<RouteDependencies> = async (app, { db }) => {
  app.get('/users/export.csv', { schema: { ...csv, querystring: EndUserExportQuery } }, async (request, reply) => {
    const { manufacturerId } = requireManufacturerStaff(request);
    const { columns, open } = endUserExport(db, manufacturerId, request.query.email?.trim() || undefined);
    return sendCsv(reply, exportFileName('users'), columns, open);
  });

  app.get('/users/:id/licenses/export.csv', { schema: { ...csv, params: IdParams } }, async (request, reply) => {
    const { manufacturerId } = requireManufacturerStaff(request);
    const user = await findEndUser(db, manufacturerId, request.params.id);
    if (!user) throw notFound('User');
    const { columns, open } = licenseExport(db, manufacturerId, { userId: user.id }, undefined);
    return sendCsv(reply, exportFileName(`user-${user.id}-licenses`), columns, open);
  });
};
