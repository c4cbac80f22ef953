import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  CreateOrderBody,
  ErrorResponse,
  ErrorResponses,
  IDEMPOTENCY_KEY_HEADER,
  IdParams,
  Order,
  RefundOrderBody,
} from 'shared-kit/contract';
import { requireManufacturerStaff } from '../../auth/permissions';
import { callerOf } from '../../auth/principal';
import { notFound } from '../../lib/http-error';
import type { RouteDependencies } from '../../lib/route-dependencies';
import { createOrder } from '../create-order';
import { idempotencyKeyOf } from '../order-rules';
import { orderScopeOf } from '../order-access';
import { ORDER, refundOrder } from '../refund-order';
import { findOrder } from '../queries/orders';

const tags = ['orders'];

/** POST /orders, GET /orders/{id}, POST /orders/{id}/refund (docs/selling.md, "Orders"). */
export const orderRoutes: FastifyPluginAsyncTypebox<RouteDependencies> = async (app, { db, config }) => {
  app.post(
    '/orders',
    {
      schema: {
        tags,
        summary: 'Records a sale and makes its licences; safe to retry with the same Idempotency-Key',
        body: CreateOrderBody,
        response: { 201: Order, ...ErrorResponses, 422: ErrorResponse },
      },
    },
    async (request, reply) => {
      // A shop's key (orders:write) or the manufacturer's staff; the superuser sells nothing of a manufacturer's.
      const caller = requireManufacturerStaff(request);
      const idempotencyKey = idempotencyKeyOf(request.headers[IDEMPOTENCY_KEY_HEADER]);
      const answer = await createOrder(db, { id: caller.manufacturerId }, request.body, {
        actor: caller,
        idempotencyKey,
        publicUrl: config.publicUrl,
      });
      reply.code(answer.status);
      return answer.order;
    },
  );

  app.get(
    '/orders/:id',
    {
      schema: {
        tags,
        summary: 'An order with its lines and licences',
        params: IdParams,
        response: { 200: Order, ...ErrorResponses },
      },
    },
    async (request) => {
      const order = await findOrder(db, orderScopeOf(request).manufacturerId, request.params.id);
      if (!order) throw notFound(ORDER);
      return order;
    },
  );

  app.post(
    '/orders/:id/refund',
    {
      schema: {
        tags,
        summary: 'Refunds an order: disables every licence of it with the reason',
        params: IdParams,
        body: RefundOrderBody,
        response: { 200: Order, ...ErrorResponses },
      },
    },
    async (request) =>
      refundOrder(
        db,
        orderScopeOf(request).manufacturerId,
        request.params.id,
        callerOf(request),
        request.body.reason,
        config.publicUrl,
      ),
  );
};
