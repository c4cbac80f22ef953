import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  ErrorResponses,
  WEBHOOK_TEST_EVENT_TYPE,
  WebhookDelivery,
  WebhookDeliveryList,
  WebhookDeliveryParams,
  WebhookDeliveryQuery,
  WebhookEndpointParams,
} from 'shared-kit/contract';
import type { Db } from '../../db/database';
import { notFound } from '../../lib/http-error';
import { pageRequest, pagination } from '../../lib/paging';
import { admitTestEvent } from '../limits';
import { enqueueDelivery, findDelivery, insertEvent, listDeliveries, toWebhookDelivery } from '../endpoints';
import type { RouteDependencies } from '../../lib/route-dependencies';
import { reachableManufacturer, requireEndpoint } from './webhook-endpoints';

async function requireDelivery(db: Db, endpointId: number, deliveryId: number) {
  const delivery = await findDelivery(db, endpointId, deliveryId);
  if (!delivery) throw notFound('Webhook delivery');
  return delivery;
}

/** The delivery log of one endpoint, Redeliver and "Send test event". */
export const webhookDeliveryRoutes: FastifyPluginAsyncTypebox<RouteDependencies> = async (app, { db }) => {
  const base = '/manufacturers/:id/webhook-endpoints/:endpointId';
  const tags = ['webhooks'];

  app.get(
    `${base}/deliveries`,
    {
      schema: {
        tags,
        summary: 'Deliveries to the endpoint, newest first, paged',
        params: WebhookEndpointParams,
        querystring: WebhookDeliveryQuery,
        response: { 200: WebhookDeliveryList, ...ErrorResponses },
      },
    },
    async (request) => {
      const { id: manufacturerId, endpointId } = request.params;
      await reachableManufacturer(db, request, manufacturerId);
      await requireEndpoint(db, manufacturerId, endpointId);
      const page = pageRequest(request.query);
      const { rows, total } = await listDeliveries(db, endpointId, page);
      return { data: rows, pagination: pagination(total, page) };
    },
  );

  app.post(
    `${base}/deliveries/:deliveryId/redeliver`,
    {
      schema: {
        tags,
        summary: 'Delivers the same event (same webhook-id) again, now',
        params: WebhookDeliveryParams,
        response: { 202: WebhookDelivery, ...ErrorResponses },
      },
    },
    async (request, reply) => {
      const { id: manufacturerId, endpointId, deliveryId } = request.params;
      await reachableManufacturer(db, request, manufacturerId);
      await requireEndpoint(db, manufacturerId, endpointId);
      const original = await requireDelivery(db, endpointId, deliveryId);
      const id = await enqueueDelivery(db, original.event_id, endpointId);
      reply.code(202);
      return toWebhookDelivery((await findDelivery(db, endpointId, Number(id)))!);
    },
  );

  app.post(
    `${base}/test`,
    {
      schema: {
        tags,
        summary: 'Sends a webhook.test event to this endpoint (5 a minute per endpoint, 20 per manufacturer)',
        params: WebhookEndpointParams,
        response: { 202: WebhookDelivery, ...ErrorResponses },
      },
    },
    async (request, reply) => {
      const { id: manufacturerId, endpointId } = request.params;
      await reachableManufacturer(db, request, manufacturerId);
      await requireEndpoint(db, manufacturerId, endpointId);
      await admitTestEvent(db, manufacturerId, endpointId);
      const id = await db.transaction().execute(async (trx) => {
        const payload = {
          type: WEBHOOK_TEST_EVENT_TYPE,
          timestamp: new Date().toISOString(),
          data: { object: 'webhook_endpoint', id: String(endpointId), manufacturer_id: manufacturerId },
        };
        const eventId = await insertEvent(trx, manufacturerId, WEBHOOK_TEST_EVENT_TYPE, payload);
        return enqueueDelivery(trx, eventId, endpointId);
      });
      reply.code(202);
      return toWebhookDelivery((await findDelivery(db, endpointId, Number(id)))!);
    },
  );
};
