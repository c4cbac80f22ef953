import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { Edition, EditionBody, EditionList, EditionParams, ErrorResponses, IdParams } from 'shared-kit/contract';
import type { Db } from '../../db/database';
import { badRequest, conflict, notFound } from '../../lib/http-error';
import { requireManufacturerStaff } from '../../auth/permissions';
import { recordAudit } from '../../audit/queries/audit-log';
import { lockProduct } from '../../catalog/queries/products';
import { PRODUCT, requireProduct } from '../../catalog/lookups';
import type { RouteDependencies } from '../../lib/route-dependencies';
import { featureIdsByKey } from '../queries/features';
import {
  deleteEdition,
  editionUse,
  findEdition,
  findEditionNamed,
  insertEdition,
  listEditions,
  renameEdition,
  replaceEditionFeatures,
} from '../queries/editions';

export const EDITION = 'Edition';
export const editionNameTaken = (name: string) => `This product already has an edition named '${name}'.`;
export const unknownFeatures = (keys: string[]) =>
  `This product has no ${keys.length === 1 ? 'feature' : 'features'} ${keys.map((key) => `'${key}'`).join(', ')}: add ${keys.length === 1 ? 'it' : 'them'} under Features first.`;
export const editionInUse = (use: { licenses: number; policies: number }) =>
  `This edition is in use (${use.licenses} ${use.licenses === 1 ? 'license' : 'licenses'}, ${use.policies} ${use.policies === 1 ? 'policy' : 'policies'}): move them to another edition first.`;

const tags = ['licence policies'];
// ON DELETE RESTRICT refuses with restrict_violation (23001); a plain foreign key with foreign_key_violation (23503).
const isForeignKeyViolation = (error: unknown) =>
  ['23001', '23503'].includes((error as { code?: string } | null)?.code ?? '');

/** The ids of the product's features named by `keys`, or a 400 naming the ones it does not have. */
async function featureIdsOf(db: Db, productId: number, keys: string[]) {
  const found = await featureIdsByKey(db, productId, keys);
  const missing = keys.filter((key) => !found.some((feature) => feature.key === key));
  if (missing.length > 0) throw badRequest(unknownFeatures(missing));
  return found.map((feature) => feature.id);
}

/** An edition's name (trimmed, not blank, no other edition's of the product) and the ids of its features. */
async function checkedEdition(trx: Db, productId: number, body: EditionBody, editionId?: number) {
  const name = body.name.trim();
  if (!name) throw badRequest('name must not be blank');
  if (await findEditionNamed(trx, productId, name, editionId)) throw conflict(editionNameTaken(name));
  return { name, featureIds: await featureIdsOf(trx, productId, body.features) };
}

/** /products/{id}/editions: named sets of a product's features (docs/licensing.md). */
export const editionRoutes: FastifyPluginAsyncTypebox<RouteDependencies> = async (app, { db }) => {
  app.get(
    '/products/:id/editions',
    { schema: { tags, params: IdParams, response: { 200: EditionList, ...ErrorResponses } } },
    async (request) => {
      const { manufacturerId } = requireManufacturerStaff(request);
      await requireProduct(db, manufacturerId, request.params.id);
      return { data: await listEditions(db, request.params.id) };
    },
  );

  app.post(
    '/products/:id/editions',
    { schema: { tags, params: IdParams, body: EditionBody, response: { 201: Edition, ...ErrorResponses } } },
    async (request, reply) => {
      const principal = requireManufacturerStaff(request);
      const productId = request.params.id;
      const edition = await db.transaction().execute(async (trx) => {
        if (!(await lockProduct(trx, principal.manufacturerId, productId))) throw notFound(PRODUCT);
        const { name, featureIds } = await checkedEdition(trx, productId, request.body);
        const { id } = await insertEdition(trx, { manufacturerId: principal.manufacturerId, productId, name });
        await replaceEditionFeatures(trx, id, featureIds);
        const made = (await findEdition(trx, productId, id))!;
        await recordAudit(trx, principal, {
          manufacturerId: principal.manufacturerId,
          action: 'product_edition.create',
          entityType: 'product',
          entityId: productId,
          after: { edition: made.name, features: made.features },
        });
        return made;
      });
      return reply.code(201).send(edition);
    },
  );

  app.patch(
    '/products/:id/editions/:editionId',
    { schema: { tags, params: EditionParams, body: EditionBody, response: { 200: Edition, ...ErrorResponses } } },
    async (request) => {
      const principal = requireManufacturerStaff(request);
      const { id: productId, editionId } = request.params;
      return db.transaction().execute(async (trx) => {
        if (!(await lockProduct(trx, principal.manufacturerId, productId))) throw notFound(PRODUCT);
        const before = await findEdition(trx, productId, editionId);
        if (!before) throw notFound(EDITION);
        const { name, featureIds } = await checkedEdition(trx, productId, request.body, editionId);
        await renameEdition(trx, productId, editionId, name);
        await replaceEditionFeatures(trx, editionId, featureIds);
        const after = (await findEdition(trx, productId, editionId))!;
        await recordAudit(trx, principal, {
          manufacturerId: principal.manufacturerId,
          action: 'product_edition.update',
          entityType: 'product',
          entityId: productId,
          before: { edition: before.name, features: before.features },
          after: { edition: after.name, features: after.features },
        });
        return after;
      });
    },
  );

  app.delete(
    '/products/:id/editions/:editionId',
    { schema: { tags, params: EditionParams, response: { 204: Type.Null(), ...ErrorResponses } } },
    async (request, reply) => {
      const principal = requireManufacturerStaff(request);
      const { id: productId, editionId } = request.params;
      try {
        await db.transaction().execute(async (trx) => {
          if (!(await lockProduct(trx, principal.manufacturerId, productId))) throw notFound(PRODUCT);
          const edition = await findEdition(trx, productId, editionId);
          if (!edition) throw notFound(EDITION);
          const use = await editionUse(trx, productId, editionId);
          if (use.licenses > 0 || use.policies > 0) throw conflict(editionInUse(use));
          await deleteEdition(trx, productId, editionId);
          await recordAudit(trx, principal, {
            manufacturerId: principal.manufacturerId,
            action: 'product_edition.delete',
            entityType: 'product',
            entityId: productId,
            before: { edition: edition.name, features: edition.features },
          });
        });
      } catch (error) {
        // A licence or policy that took this edition after the count above and committed first: the foreign key
        // refuses the delete, and the answer is the same 409 the count gives.
        if (!isForeignKeyViolation(error)) throw error;
        throw conflict(editionInUse(await editionUse(db, productId, editionId)));
      }
      return reply.code(204).send(null);
    },
  );
};
