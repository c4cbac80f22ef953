import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  ErrorResponses,
  Feature,
  FeatureBody,
  FeatureList,
  FeatureParams,
  FeatureUpdateBody,
  IdParams,
  FEATURES_MAX,
} from 'shared-kit/contract';
import { Type } from '@sinclair/typebox';
import { conflict, notFound } from '../../lib/http-error';
import { requireManufacturerStaff } from '../../auth/permissions';
import { recordAudit } from '../../audit/queries/audit-log';
import { lockProduct } from '../../catalog/queries/products';
import { PRODUCT, requireProduct } from '../../catalog/lookups';
import type { RouteDependencies } from '../../lib/route-dependencies';
import {
  deleteFeature,
  editionsHoldingFeature,
  findFeature,
  findFeatureByKey,
  insertFeature,
  listFeatures,
  updateFeatureLabel,
} from '../queries/features';

export const FEATURE = 'Feature';
export const featureKeyTaken = (key: string) => `This product already has a feature with the key '${key}'.`;
export const tooManyFeatures = `A product has at most ${FEATURES_MAX} features.`;
export const featureInEditions = (names: string[]) =>
  `This feature is part of the ${names.length === 1 ? 'edition' : 'editions'} ${names.map((name) => `'${name}'`).join(', ')}: remove it from ${names.length === 1 ? 'that edition' : 'those editions'} first.`;

const tags = ['licence policies'];

/** /products/{id}/features: the features a product's editions unlock (docs/licensing.md). */
export const featureRoutes: FastifyPluginAsyncTypebox<RouteDependencies> = async (app, { db }) => {
  app.get(
    '/products/:id/features',
    { schema: { tags, params: IdParams, response: { 200: FeatureList, ...ErrorResponses } } },
    async (request) => {
      const { manufacturerId } = requireManufacturerStaff(request);
      await requireProduct(db, manufacturerId, request.params.id);
      return { data: await listFeatures(db, request.params.id) };
    },
  );

  app.post(
    '/products/:id/features',
    { schema: { tags, params: IdParams, body: FeatureBody, response: { 201: Feature, ...ErrorResponses } } },
    async (request, reply) => {
      const principal = requireManufacturerStaff(request);
      const productId = request.params.id;
      const feature = await db.transaction().execute(async (trx) => {
        if (!(await lockProduct(trx, principal.manufacturerId, productId))) throw notFound(PRODUCT);
        if (await findFeatureByKey(trx, productId, request.body.key)) throw conflict(featureKeyTaken(request.body.key));
        if ((await listFeatures(trx, productId)).length >= FEATURES_MAX) throw conflict(tooManyFeatures);
        const { id } = await insertFeature(trx, {
          manufacturerId: principal.manufacturerId,
          productId,
          ...request.body,
        });
        const made = (await findFeature(trx, productId, id))!;
        await recordAudit(trx, principal, {
          manufacturerId: principal.manufacturerId,
          action: 'product_feature.create',
          entityType: 'product',
          entityId: productId,
          after: { key: made.key, label: made.label },
        });
        return made;
      });
      return reply.code(201).send(feature);
    },
  );

  app.patch(
    '/products/:id/features/:featureId',
    { schema: { tags, params: FeatureParams, body: FeatureUpdateBody, response: { 200: Feature, ...ErrorResponses } } },
    async (request) => {
      const principal = requireManufacturerStaff(request);
      const { id: productId, featureId } = request.params;
      return db.transaction().execute(async (trx) => {
        if (!(await lockProduct(trx, principal.manufacturerId, productId))) throw notFound(PRODUCT);
        const before = await findFeature(trx, productId, featureId);
        if (!before) throw notFound(FEATURE);
        await updateFeatureLabel(trx, productId, featureId, request.body.label);
        await recordAudit(trx, principal, {
          manufacturerId: principal.manufacturerId,
          action: 'product_feature.update',
          entityType: 'product',
          entityId: productId,
          before: { key: before.key, label: before.label },
          after: { key: before.key, label: request.body.label },
        });
        return (await findFeature(trx, productId, featureId))!;
      });
    },
  );

  app.delete(
    '/products/:id/features/:featureId',
    { schema: { tags, params: FeatureParams, response: { 204: Type.Null(), ...ErrorResponses } } },
    async (request, reply) => {
      const principal = requireManufacturerStaff(request);
      const { id: productId, featureId } = request.params;
      await db.transaction().execute(async (trx) => {
        if (!(await lockProduct(trx, principal.manufacturerId, productId))) throw notFound(PRODUCT);
        const feature = await findFeature(trx, productId, featureId);
        if (!feature) throw notFound(FEATURE);
        const editions = await editionsHoldingFeature(trx, featureId);
        if (editions.length > 0) throw conflict(featureInEditions(editions));
        await deleteFeature(trx, productId, featureId);
        await recordAudit(trx, principal, {
          manufacturerId: principal.manufacturerId,
          action: 'product_feature.delete',
          entityType: 'product',
          entityId: productId,
          before: { key: feature.key, label: feature.label },
        });
      });
      return reply.code(204).send(null);
    },
  );
};
