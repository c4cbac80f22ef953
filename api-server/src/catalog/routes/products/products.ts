import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { assertNotEditedSince } from '../../../lib/edited-since';
import {
  ErrorResponses,
  IdParams,
  Product,
  ProductCreateBody,
  ProductList,
  ProductListQuery,
  ProductPatchBody,
} from 'shared-kit/contract';
import { checkProductRules, fieldsOfCreate, fieldsOfPatch } from '../../product-rules';
import { generateProductKeyPair } from '../../../crypto/product-keys';
import { notFound } from '../../../lib/http-error';
import { pageRequest, pagination } from '../../../lib/paging';
import { requireManufacturerStaff } from '../../../auth/permissions';
import { recordAudit } from '../../../audit/queries/audit-log';
import { findProductJson, insertProduct, listProducts, lockProduct, updateProduct } from '../../queries/products';
import { rawPage, sendRawJson } from '../../../lib/raw-json';
import type { RouteDependencies } from '../../../lib/route-dependencies';
import { PRODUCT } from '../../lookups';

export const productRoutes: FastifyPluginAsyncTypebox<RouteDependencies> = async (app, { db, masterKey }) => {
  app.get(
    '/products',
    {
      schema: { tags: ['products'], querystring: ProductListQuery, response: { 200: ProductList, ...ErrorResponses } },
    },
    async (request, reply) => {
      const { manufacturerId } = requireManufacturerStaff(request);
      const page = pageRequest(request.query);
      const filter = { identifier: request.query.identifier?.trim() || undefined, type: request.query.type };
      const { rowsJson, total } = await listProducts(db, manufacturerId, filter, page);
      return sendRawJson(reply, rawPage(rowsJson, pagination(total, page)));
    },
  );

  app.get(
    '/products/:id',
    { schema: { tags: ['products'], params: IdParams, response: { 200: Product, ...ErrorResponses } } },
    async (request, reply) => {
      const { manufacturerId } = requireManufacturerStaff(request);
      const product = await findProductJson(db, manufacturerId, request.params.id);
      if (!product) throw notFound(PRODUCT);
      return sendRawJson(reply, product);
    },
  );

  app.post(
    '/products',
    { schema: { tags: ['products'], body: ProductCreateBody, response: { 201: Product, ...ErrorResponses } } },
    async (request, reply) => {
      const principal = requireManufacturerStaff(request);
      const { manufacturerId } = principal;
      const fields = fieldsOfCreate(request.body);
      const created = await db.transaction().execute(async (trx) => {
        await checkProductRules(trx, manufacturerId, fields);
        const keys = generateProductKeyPair(masterKey);
        const product = await insertProduct(trx, {
          ...fields,
          manufacturer_id: manufacturerId,
          public_key: keys.publicKey,
          private_key_encrypted: keys.privateKeyEncrypted,
        });
        await recordAudit(trx, principal, {
          manufacturerId,
          action: 'product.create',
          entityType: 'product',
          entityId: product.id,
          after: product,
        });
        return findProductJson(trx, manufacturerId, product.id);
      });
      return sendRawJson(reply.status(201), created!);
    },
  );

  app.patch(
    '/products/:id',
    {
      schema: {
        tags: ['products'],
        params: IdParams,
        body: ProductPatchBody,
        response: { 200: Product, ...ErrorResponses },
      },
    },
    async (request, reply) => {
      const principal = requireManufacturerStaff(request);
      const { manufacturerId } = principal;
      const { id } = request.params;
      const updated = await db.transaction().execute(async (trx) => {
        const before = await lockProduct(trx, manufacturerId, id);
        if (!before) throw notFound(PRODUCT);
        assertNotEditedSince(request.body.updated_at, before.updated_at, 'this product');
        const fields = fieldsOfPatch(before, request.body);
        await checkProductRules(trx, manufacturerId, fields, id);
        const after = await updateProduct(trx, manufacturerId, id, fields);
        await recordAudit(trx, principal, {
          manufacturerId,
          action: 'product.update',
          entityType: 'product',
          entityId: id,
          before,
          after,
        });
        return findProductJson(trx, manufacturerId, id);
      });
      return sendRawJson(reply, updated!);
    },
  );
};
