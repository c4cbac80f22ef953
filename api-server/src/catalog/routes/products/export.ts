import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  ErrorResponses,
  IdParams,
  LicenseExportQuery,
  ProductExportQuery,
  TrialExportQuery,
} from 'shared-kit/contract';
import { buildExport, productExport, releaseExport } from '../../queries/exports';
import { licenseExport, trialExport } from '../../../licenses/queries/license-exports';
import { exportFileName, sendCsv } from '../../../lib/csv/send-csv';
import { requireManufacturerStaff } from '../../../auth/permissions';
import type { RouteDependencies } from '../../../lib/route-dependencies';
import { requireProduct } from '../../lookups';

const csv = { tags: ['export'], response: ErrorResponses };

/** CSV exports of the product lists: products, and a product's builds, releases, licences and trials. */
export const productExportRoutes: FastifyPluginAsyncTypebox<RouteDependencies> = async (app, { db }) => {
  app.get('/products/export.csv', { schema: { ...csv, querystring: ProductExportQuery } }, async (request, reply) => {
    const { manufacturerId } = requireManufacturerStaff(request);
    const { columns, open } = productExport(db, manufacturerId, {
      identifier: request.query.identifier?.trim() || undefined,
      type: request.query.type,
    });
    return sendCsv(reply, exportFileName('products'), columns, open);
  });

  app.get('/products/:id/builds/export.csv', { schema: { ...csv, params: IdParams } }, async (request, reply) => {
    const { manufacturerId } = requireManufacturerStaff(request);
    const product = await requireProduct(db, manufacturerId, request.params.id);
    const { columns, open } = buildExport(db, manufacturerId, product.id);
    return sendCsv(reply, exportFileName(`product-${product.id}-builds`), columns, open);
  });

  app.get('/products/:id/releases/export.csv', { schema: { ...csv, params: IdParams } }, async (request, reply) => {
    const { manufacturerId } = requireManufacturerStaff(request);
    const product = await requireProduct(db, manufacturerId, request.params.id);
    const { columns, open } = releaseExport(db, manufacturerId, product.id);
    return sendCsv(reply, exportFileName(`product-${product.id}-releases`), columns, open);
  });

  app.get(
    '/products/:id/licenses/export.csv',
    { schema: { ...csv, params: IdParams, querystring: LicenseExportQuery } },
    async (request, reply) => {
      const { manufacturerId } = requireManufacturerStaff(request);
      const product = await requireProduct(db, manufacturerId, request.params.id);
      const { columns, open } = licenseExport(
        db,
        manufacturerId,
        { productId: product.id },
        request.query.email?.trim() || undefined,
      );
      return sendCsv(reply, exportFileName(`product-${product.id}-licenses`), columns, open);
    },
  );

  app.get(
    '/products/:id/trials/export.csv',
    { schema: { ...csv, params: IdParams, querystring: TrialExportQuery } },
    async (request, reply) => {
      const { manufacturerId } = requireManufacturerStaff(request);
      const product = await requireProduct(db, manufacturerId, request.params.id);
      const { columns, open } = trialExport(
        db,
        manufacturerId,
        product.id,
        request.query.hardware_fingerprint?.trim() || undefined,
      );
      return sendCsv(reply, exportFileName(`product-${product.id}-trials`), columns, open);
    },
  );
};
