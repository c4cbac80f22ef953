import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  Batch,
  BatchList,
  BatchParams,
  BatchVoided,
  CreateBatchBody,
  ErrorResponses,
  IdParams,
  VoidBatchBody,
} from 'shared-kit/contract';
import { requireManufacturerStaff } from '../auth/permissions';
import { requireProduct } from '../catalog/lookups';
import { exportFileName, sendCsv } from '../lib/csv/send-csv';
import type { RouteDependencies } from '../lib/route-dependencies';
import { createBatch, requireBatch, voidBatchSerials } from './batch-rules';
import { batchShape } from './batch-shape';
import { batchSerialExport } from './queries/batch-export';
import { listBatches } from './queries/batches';

const tags = ['serial batches'];

/** /products/{id}/batches: a product's reseller serial batches (docs/selling.md, "Reseller batches"). */
export const batchRoutes: FastifyPluginAsyncTypebox<RouteDependencies> = async (app, { db }) => {
  app.get(
    '/products/:id/batches',
    { schema: { tags, params: IdParams, response: { 200: BatchList, ...ErrorResponses } } },
    async (request) => {
      const { manufacturerId } = requireManufacturerStaff(request);
      await requireProduct(db, manufacturerId, request.params.id);
      return { data: (await listBatches(db, manufacturerId, request.params.id)).map(batchShape) };
    },
  );

  app.post(
    '/products/:id/batches',
    {
      schema: {
        tags,
        summary: 'Makes a batch of unsold serials for a reseller (up to 100,000 in one go)',
        params: IdParams,
        body: CreateBatchBody,
        response: { 201: Batch, ...ErrorResponses },
      },
    },
    async (request, reply) => {
      const principal = requireManufacturerStaff(request);
      const owner = { manufacturerId: principal.manufacturerId, productId: request.params.id };
      return reply.status(201).send(await createBatch(db, principal, owner, request.body));
    },
  );

  app.get(
    '/products/:id/batches/:batchId',
    { schema: { tags, params: BatchParams, response: { 200: Batch, ...ErrorResponses } } },
    async (request) => {
      const { manufacturerId } = requireManufacturerStaff(request);
      await requireProduct(db, manufacturerId, request.params.id);
      return batchShape(
        await requireBatch(db, { manufacturerId, productId: request.params.id }, request.params.batchId),
      );
    },
  );

  app.get(
    '/products/:id/batches/:batchId/export.csv',
    { schema: { tags: ['export'], params: BatchParams, response: ErrorResponses } },
    async (request, reply) => {
      const { manufacturerId } = requireManufacturerStaff(request);
      await requireProduct(db, manufacturerId, request.params.id);
      const batch = await requireBatch(db, { manufacturerId, productId: request.params.id }, request.params.batchId);
      const { columns, open } = batchSerialExport(db, manufacturerId, batch.id);
      return sendCsv(reply, exportFileName(`product-${batch.product_id}-batch-${batch.id}`), columns, open);
    },
  );

  app.post(
    '/products/:id/batches/:batchId/void',
    {
      schema: {
        tags,
        summary: "Voids a batch's unsold serials, all or the listed ones; redeemed serials stay",
        params: BatchParams,
        body: VoidBatchBody,
        response: { 200: BatchVoided, ...ErrorResponses },
      },
    },
    async (request) => {
      const principal = requireManufacturerStaff(request);
      const owner = { manufacturerId: principal.manufacturerId, productId: request.params.id };
      await requireProduct(db, owner.manufacturerId, owner.productId);
      return voidBatchSerials(db, principal, owner, request.params.batchId, request.body.serials);
    },
  );
};
