import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyRequest } from 'fastify';
import {
  CreateWebhookEndpointBody,
  CreatedWebhookEndpoint,
  ErrorResponses,
  IdParams,
  UpdateWebhookEndpointBody,
  WebhookEndpoint,
  WebhookEndpointList,
  WebhookEndpointParams,
} from 'shared-kit/contract';
import type { Db } from '../../db/database';
import { badRequest, notFound } from '../../lib/http-error';
import { principalOf, type Principal } from '../../auth/principal';
import { recordAudit } from '../../audit/queries/audit-log';
import { findManufacturer } from '../../manufacturers/queries/manufacturers';
import {
  countEndpointsLocked,
  deleteEndpoint,
  findEndpoint,
  insertEndpoint,
  listEndpoints,
  toWebhookEndpoint,
  updateEndpoint,
} from '../endpoints';
import { admitNewEndpoint } from '../limits';
import { readWebhookSettings } from '../settings';
import { generateSecret } from '../signature';
import { TargetRefused, checkTarget } from '../target-guard';
import type { RouteDependencies } from '../../lib/route-dependencies';

export const WEBHOOK_ENDPOINT = 'Webhook endpoint';

/** Staff reach their own manufacturer's endpoints, a superuser any manufacturer's; another tenant answers 404. */
export async function reachableManufacturer(
  db: Db,
  request: FastifyRequest,
  manufacturerId: number,
): Promise<Principal> {
  const principal = principalOf(request);
  const reachable =
    principal.accessLevel === 'superuser'
      ? (await findManufacturer(db, manufacturerId)) !== undefined
      : principal.manufacturerId === manufacturerId;
  if (!reachable) throw notFound('Manufacturer');
  return principal;
}

export async function requireEndpoint(db: Db, manufacturerId: number, endpointId: number) {
  const endpoint = await findEndpoint(db, manufacturerId, endpointId);
  if (!endpoint) throw notFound(WEBHOOK_ENDPOINT);
  return endpoint;
}

/** The URL's target checked now (public address unless allowed); the worker checks it again on every attempt. */
async function checkedUrl(url: string): Promise<string> {
  try {
    return (await checkTarget(url, readWebhookSettings().allowPrivateTargets)).href;
  } catch (error) {
    if (error instanceof TargetRefused) throw badRequest(error.message);
    throw error;
  }
}

export const webhookEndpointRoutes: FastifyPluginAsyncTypebox<RouteDependencies> = async (app, { db, masterKey }) => {
  const base = '/manufacturers/:id/webhook-endpoints';
  const tags = ['webhooks'];

  app.get(
    base,
    { schema: { tags, params: IdParams, response: { 200: WebhookEndpointList, ...ErrorResponses } } },
    async (request) => {
      await reachableManufacturer(db, request, request.params.id);
      return { data: await listEndpoints(db, request.params.id) };
    },
  );

  app.post(
    base,
    {
      schema: {
        tags,
        summary: 'Creates an endpoint (at most 10 per manufacturer); the answer shows its signing secret, once',
        params: IdParams,
        body: CreateWebhookEndpointBody,
        response: { 201: CreatedWebhookEndpoint, ...ErrorResponses },
      },
    },
    async (request, reply) => {
      const manufacturerId = request.params.id;
      const principal = await reachableManufacturer(db, request, manufacturerId);
      const url = await checkedUrl(request.body.url);
      const secret = generateSecret();
      const created = await db.transaction().execute(async (trx) => {
        admitNewEndpoint(await countEndpointsLocked(trx, manufacturerId));
        const row = await insertEndpoint(trx, masterKey, {
          manufacturer_id: manufacturerId,
          url,
          secret,
          event_types: request.body.event_types,
          enabled: request.body.enabled ?? true,
        });
        await recordAudit(trx, principal, {
          manufacturerId,
          action: 'webhook_endpoint.create',
          entityType: 'webhook_endpoint',
          entityId: row.id,
          after: toWebhookEndpoint(row),
        });
        return row;
      });
      reply.code(201);
      return { ...toWebhookEndpoint(created), secret };
    },
  );

  app.get(
    `${base}/:endpointId`,
    { schema: { tags, params: WebhookEndpointParams, response: { 200: WebhookEndpoint, ...ErrorResponses } } },
    async (request) => {
      await reachableManufacturer(db, request, request.params.id);
      return toWebhookEndpoint(await requireEndpoint(db, request.params.id, request.params.endpointId));
    },
  );

  app.patch(
    `${base}/:endpointId`,
    {
      schema: {
        tags,
        params: WebhookEndpointParams,
        body: UpdateWebhookEndpointBody,
        response: { 200: WebhookEndpoint, ...ErrorResponses },
      },
    },
    async (request) => {
      const { id: manufacturerId, endpointId } = request.params;
      const principal = await reachableManufacturer(db, request, manufacturerId);
      const changes = {
        ...request.body,
        ...(request.body.url !== undefined ? { url: await checkedUrl(request.body.url) } : {}),
      };
      return db.transaction().execute(async (trx) => {
        const before = await requireEndpoint(trx, manufacturerId, endpointId);
        const after = await updateEndpoint(trx, manufacturerId, endpointId, changes);
        if (!after) throw notFound(WEBHOOK_ENDPOINT);
        await recordAudit(trx, principal, {
          manufacturerId,
          action: 'webhook_endpoint.update',
          entityType: 'webhook_endpoint',
          entityId: endpointId,
          before: toWebhookEndpoint(before),
          after: toWebhookEndpoint(after),
        });
        return toWebhookEndpoint(after);
      });
    },
  );

  app.delete(
    `${base}/:endpointId`,
    { schema: { tags, params: WebhookEndpointParams, response: { 204: Type.Null(), ...ErrorResponses } } },
    async (request, reply) => {
      const { id: manufacturerId, endpointId } = request.params;
      const principal = await reachableManufacturer(db, request, manufacturerId);
      await db.transaction().execute(async (trx) => {
        const deleted = await deleteEndpoint(trx, manufacturerId, endpointId);
        if (!deleted) throw notFound(WEBHOOK_ENDPOINT);
        await recordAudit(trx, principal, {
          manufacturerId,
          action: 'webhook_endpoint.delete',
          entityType: 'webhook_endpoint',
          entityId: endpointId,
          before: toWebhookEndpoint(deleted),
        });
      });
      return reply.status(204).send(null);
    },
  );
};
