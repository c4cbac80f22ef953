import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import {
  CreateStoreMappingBody,
  ErrorResponses,
  STORE_EVENTS_SHOWN,
  STORE_MAPPINGS_PER_STORE,
  SetStoreSecretBody,
  StoreMapping,
  StoreMappingParams,
  StoreParams,
  StoreSettings,
  UpdateStoreMappingBody,
  type StoreName,
} from 'shared-kit/contract';
import { Type } from '@sinclair/typebox';
import type { Db } from '../../db/database';
import { principalOf, type Principal } from '../../auth/principal';
import { recordAudit } from '../../audit/queries/audit-log';
import { encrypt } from '../../crypto/product-keys';
import { badRequest, conflict, notFound } from '../../lib/http-error';
import type { RouteDependencies } from '../../lib/route-dependencies';
import { findManufacturer } from '../../manufacturers/queries/manufacturers';
import { findProductsOf } from '../../orders/queries/orders';
import { recentStoreEvents } from '../queries/store-events';
import { findStoreSecret, saveStoreSecret } from '../queries/store-secrets';
import {
  countStoreMappings,
  deleteStoreMapping,
  findStoreMapping,
  insertStoreMapping,
  listStoreMappings,
  updateStoreMapping,
} from '../queries/store-mappings';
import { STORE_LABELS } from '../store-order-rules';
import { secretHint, storeWebhookPath, toStoreEvent, toStoreMapping } from '../store-shape';

export const STORE_MAPPING = 'Store mapping';
const priceMappedAlready = (store: StoreName, priceId: string) =>
  `The ${STORE_LABELS[store]} price ${priceId} is mapped already: remove it first.`;

/** Staff reach their own manufacturer's stores, a superuser any manufacturer's; another tenant answers 404. */
async function storeManager(db: Db, request: FastifyRequest, manufacturerId: number) {
  const principal: Principal = principalOf(request);
  const manufacturer = await findManufacturer(db, manufacturerId);
  if (!manufacturer || (principal.accessLevel !== 'superuser' && principal.manufacturerId !== manufacturerId))
    throw notFound('Manufacturer');
  return principal;
}

async function settingsOf(db: Db, manufacturerId: number, store: StoreName): Promise<StoreSettings> {
  const [secret, mappings, events] = await Promise.all([
    findStoreSecret(db, manufacturerId, store),
    listStoreMappings(db, manufacturerId, store),
    recentStoreEvents(db, manufacturerId, store, STORE_EVENTS_SHOWN),
  ]);
  return {
    store,
    webhook_path: storeWebhookPath(store, manufacturerId),
    secret: {
      set: secret !== undefined,
      hint: secret?.secret_hint ?? null,
      updated_at: secret ? secret.updated_at.toISOString() : null,
    },
    mappings: mappings.map(toStoreMapping),
    events: events.map(toStoreEvent),
  };
}

export const storeSettingsRoutes: FastifyPluginAsyncTypebox<RouteDependencies> = async (app, { db, masterKey }) => {
  const base = '/manufacturers/:id/stores/:store';
  const tags = ['stores'];

  app.get(
    base,
    {
      schema: {
        tags,
        summary: "A store's settings: its webhook path, whether a signing secret is set, the mapping, the last events",
        params: StoreParams,
        response: { 200: StoreSettings, ...ErrorResponses },
      },
    },
    async (request) => {
      await storeManager(db, request, request.params.id);
      return settingsOf(db, request.params.id, request.params.store);
    },
  );

  app.put(
    `${base}/secret`,
    {
      schema: {
        tags,
        summary: "Sets the store's webhook signing secret (stored encrypted, never shown again)",
        params: StoreParams,
        body: SetStoreSecretBody,
        response: { 200: StoreSettings, ...ErrorResponses },
      },
    },
    async (request) => {
      const { id: manufacturerId, store } = request.params;
      const principal = await storeManager(db, request, manufacturerId);
      const { secret } = request.body;
      await db.transaction().execute(async (trx) => {
        const before = await findStoreSecret(trx, manufacturerId, store);
        await saveStoreSecret(trx, manufacturerId, store, encrypt(Buffer.from(secret), masterKey), secretHint(secret));
        await recordAudit(trx, principal, {
          manufacturerId,
          action: 'store.secret_set',
          entityType: 'store',
          entityId: manufacturerId,
          before: before ? { store, secret_hint: before.secret_hint } : null,
          after: { store, secret_hint: secretHint(secret) },
        });
      });
      return settingsOf(db, manufacturerId, store);
    },
  );

  app.post(
    `${base}/mappings`,
    {
      schema: {
        tags,
        summary: "Maps a store price id to a product and licence type: the store's sales of it make that licence",
        params: StoreParams,
        body: CreateStoreMappingBody,
        response: { 201: StoreMapping, ...ErrorResponses },
      },
    },
    async (request, reply) => {
      const { id: manufacturerId, store } = request.params;
      const principal = await storeManager(db, request, manufacturerId);
      const body = request.body;
      const mapping = await db.transaction().execute(async (trx) => {
        if ((await findProductsOf(trx, manufacturerId, [body.product_id])).length === 0)
          throw badRequest(`product_id: no product ${body.product_id} of this manufacturer.`);
        if ((await countStoreMappings(trx, manufacturerId, store)) >= STORE_MAPPINGS_PER_STORE)
          throw conflict(`A store holds at most ${STORE_MAPPINGS_PER_STORE} mappings. Remove one first.`);
        const id = await insertStoreMapping(trx, manufacturerId, store, body);
        if (id === undefined) throw conflict(priceMappedAlready(store, body.store_price_id));
        const row = toStoreMapping((await findStoreMapping(trx, manufacturerId, store, id))!);
        await recordAudit(trx, principal, {
          manufacturerId,
          action: 'store.mapping_create',
          entityType: 'store_mapping',
          entityId: id,
          after: { store, ...row },
        });
        return row;
      });
      reply.code(201);
      return mapping;
    },
  );

  app.put(
    `${base}/mappings/:mappingId`,
    {
      schema: {
        tags,
        summary: 'Changes a mapping: later sales of its price make the licence it names now',
        params: StoreMappingParams,
        body: UpdateStoreMappingBody,
        response: { 200: StoreMapping, ...ErrorResponses },
      },
    },
    async (request) => {
      const { id: manufacturerId, store, mappingId } = request.params;
      const principal = await storeManager(db, request, manufacturerId);
      const body = request.body;
      return db.transaction().execute(async (trx) => {
        const before = await findStoreMapping(trx, manufacturerId, store, mappingId);
        if (!before) throw notFound(STORE_MAPPING);
        if ((await findProductsOf(trx, manufacturerId, [body.product_id])).length === 0)
          throw badRequest(`product_id: no product ${body.product_id} of this manufacturer.`);
        const outcome = await updateStoreMapping(trx, manufacturerId, store, mappingId, body);
        if (outcome === 'missing') throw notFound(STORE_MAPPING);
        if (outcome === 'taken') throw conflict(priceMappedAlready(store, body.store_price_id));
        const after = toStoreMapping((await findStoreMapping(trx, manufacturerId, store, mappingId))!);
        await recordAudit(trx, principal, {
          manufacturerId,
          action: 'store.mapping_update',
          entityType: 'store_mapping',
          entityId: mappingId,
          before: { store, ...toStoreMapping(before) },
          after: { store, ...after },
        });
        return after;
      });
    },
  );

  app.delete(
    `${base}/mappings/:mappingId`,
    {
      schema: {
        tags,
        summary: 'Removes a mapping: later sales of that price are flagged, not licensed',
        params: StoreMappingParams,
        response: { 204: Type.Null(), ...ErrorResponses },
      },
    },
    async (request, reply) => {
      const { id: manufacturerId, store, mappingId } = request.params;
      const principal = await storeManager(db, request, manufacturerId);
      await db.transaction().execute(async (trx) => {
        const before = await findStoreMapping(trx, manufacturerId, store, mappingId);
        if (!before || !(await deleteStoreMapping(trx, manufacturerId, store, mappingId)))
          throw notFound(STORE_MAPPING);
        await recordAudit(trx, principal, {
          manufacturerId,
          action: 'store.mapping_delete',
          entityType: 'store_mapping',
          entityId: mappingId,
          before: { store, ...toStoreMapping(before) },
        });
      });
      return reply.status(204).send(null);
    },
  );
};
