import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import {
  API_KEYS_PER_MANUFACTURER,
  ApiKey,
  ApiKeyList,
  ApiKeyParams,
  CreateApiKeyBody,
  CreatedApiKey,
  ErrorResponses,
  IdParams,
} from 'shared-kit/contract';
import { requireStaffSession } from '../auth/permissions';
import type { StaffPrincipal, PrincipalCache } from '../auth/principal';
import { recordAudit } from '../audit/queries/audit-log';
import { badRequest, conflict, notFound } from '../lib/http-error';
import type { RouteDependencies } from '../lib/route-dependencies';
import { checkedExpiry, newKeySecret } from './api-key-rules';
import { auditedKey, toApiKey } from './api-key-shape';
import { countLiveKeysLocked, findApiKey, insertApiKey, listApiKeys, revokeApiKey } from './queries/api-keys';

export const API_KEY = 'API key';

/**
 * A manufacturer's own staff manage its keys, signed in: no API key reaches these routes, and neither does the
 * superuser (a key acts inside a tenant's data, which the superuser does not). Another tenant's answers 404.
 */
function keyManager(request: FastifyRequest, manufacturerId: number): StaffPrincipal {
  const principal = requireStaffSession(request);
  if (principal.manufacturerId !== manufacturerId) throw notFound('Manufacturer');
  return principal;
}

export const apiKeyRoutes: FastifyPluginAsyncTypebox<RouteDependencies & { sessionCache?: PrincipalCache }> = async (
  app,
  { db, sessionCache },
) => {
  const base = '/manufacturers/:id/api-keys';
  const tags = ['api-keys'];

  app.get(
    base,
    {
      schema: {
        tags,
        summary: "A manufacturer's API keys, live ones first (never their secrets)",
        params: IdParams,
        response: { 200: ApiKeyList, ...ErrorResponses },
      },
    },
    async (request) => {
      keyManager(request, request.params.id);
      return { data: (await listApiKeys(db, request.params.id)).map(toApiKey) };
    },
  );

  app.post(
    base,
    {
      schema: {
        tags,
        summary: 'Creates a key; the answer shows its secret, once',
        params: IdParams,
        body: CreateApiKeyBody,
        response: { 201: CreatedApiKey, ...ErrorResponses },
      },
    },
    async (request, reply) => {
      const manufacturerId = request.params.id;
      const principal = keyManager(request, manufacturerId);
      const expiresAt = checkedExpiry(request.body.expires_at);
      const name = request.body.name.trim();
      if (!name) throw badRequest('name must not be blank');
      const key = newKeySecret();
      const created = await db.transaction().execute(async (trx) => {
        if ((await countLiveKeysLocked(trx, manufacturerId)) >= API_KEYS_PER_MANUFACTURER)
          throw conflict(
            `A manufacturer may hold at most ${API_KEYS_PER_MANUFACTURER} keys that are not revoked. Revoke one first.`,
          );
        const id = await insertApiKey(trx, {
          manufacturerId,
          name,
          prefix: key.prefix,
          hash: key.hash,
          scopes: [...request.body.scopes],
          expiresAt,
          createdBy: principal.systemUserId,
        });
        const row = toApiKey((await findApiKey(trx, manufacturerId, id))!);
        await recordAudit(trx, principal, {
          manufacturerId,
          action: 'api_key.create',
          entityType: 'api_key',
          entityId: id,
          after: auditedKey(row),
        });
        return row;
      });
      reply.code(201);
      return { ...created, secret: key.secret };
    },
  );

  app.post(
    `${base}/:keyId/revoke`,
    {
      schema: {
        tags,
        summary: 'Revokes a key: refused at once on every server instance',
        params: ApiKeyParams,
        response: { 200: ApiKey, ...ErrorResponses },
      },
    },
    async (request) => {
      const { id: manufacturerId, keyId } = request.params;
      const principal = keyManager(request, manufacturerId);
      const revoked = await db.transaction().execute(async (trx) => {
        const before = await findApiKey(trx, manufacturerId, keyId);
        if (!before) throw notFound(API_KEY);
        if (!(await revokeApiKey(trx, manufacturerId, keyId))) throw conflict('This API key is revoked already.');
        const after = toApiKey((await findApiKey(trx, manufacturerId, keyId))!);
        await recordAudit(trx, principal, {
          manufacturerId,
          action: 'api_key.revoke',
          entityType: 'api_key',
          entityId: keyId,
          before: { revoked_at: null },
          after: { revoked_at: after.revoked_at },
        });
        return after;
      });
      sessionCache?.evictApiKey(keyId);
      return revoked;
    },
  );
};
