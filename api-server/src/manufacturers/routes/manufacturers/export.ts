import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorResponses, ManufacturerExportQuery } from 'shared-kit/contract';
import { manufacturerExport } from '../../queries/exports';
import { exportFileName, sendCsv } from '../../../lib/csv/send-csv';
import { requireSuperuser } from '../../../auth/permissions';
import type { RouteDependencies } from '../../../lib/route-dependencies';

/** CSV export of the manufacturers list (the superuser's). */
export const manufacturerExportRoutes: FastifyPluginAsyncTypebox<RouteDependencies> = async (app, { db }) => {
  app.get(
    '/manufacturers/export.csv',
    { schema: { tags: ['export'], querystring: ManufacturerExportQuery, response: ErrorResponses } },
    async (request, reply) => {
      requireSuperuser(request);
      const { columns, open } = manufacturerExport(db, request.query.search?.trim() || undefined);
      return sendCsv(reply, exportFileName('manufacturers'), columns, open);
    },
  );
};
