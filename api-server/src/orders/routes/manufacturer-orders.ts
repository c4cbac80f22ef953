import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorResponses, IdParams, OrderExportQuery, OrderList, OrderListQuery } from 'shared-kit/contract';
import { exportFileName, sendCsv } from '../../lib/csv/send-csv';
import { pageRequest, pagination } from '../../lib/paging';
import type { RouteDependencies } from '../../lib/route-dependencies';
import { requireOrderListOf } from '../order-access';
import { orderExport } from '../order-export';
import { listOrders } from '../queries/orders';

/** GET /manufacturers/{id}/orders and its CSV export: a manufacturer's orders, newest first, searchable. */
export const manufacturerOrderRoutes: FastifyPluginAsyncTypebox<RouteDependencies> = async (app, { db }) => {
  app.get(
    '/manufacturers/:id/orders',
    {
      schema: {
        tags: ['orders'],
        summary: "A manufacturer's orders, newest first; search finds buyer emails and external order ids",
        params: IdParams,
        querystring: OrderListQuery,
        response: { 200: OrderList, ...ErrorResponses },
      },
    },
    async (request) => {
      const manufacturerId = request.params.id;
      await requireOrderListOf(db, request, manufacturerId);
      const page = pageRequest(request.query);
      const { rows, total } = await listOrders(db, manufacturerId, request.query.search?.trim() || undefined, page);
      return { data: rows, pagination: pagination(total, page) };
    },
  );

  app.get(
    '/manufacturers/:id/orders/export.csv',
    { schema: { tags: ['export'], params: IdParams, querystring: OrderExportQuery, response: ErrorResponses } },
    async (request, reply) => {
      const manufacturerId = request.params.id;
      await requireOrderListOf(db, request, manufacturerId);
      const { columns, open } = orderExport(db, manufacturerId, request.query.search?.trim() || undefined);
      return sendCsv(reply, exportFileName(`manufacturer-${manufacturerId}-orders`), columns, open);
    },
  );
};
