import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import {
  ErrorResponses,
  IdParams,
  Policy,
  PolicyApplyResult,
  PolicyBody,
  PolicyList,
  PolicyParams,
} from 'shared-kit/contract';
import { badRequest, notFound } from '../../lib/http-error';
import { requireManufacturerStaff } from '../../auth/permissions';
import { recordAudit } from '../../audit/queries/audit-log';
import { lockProduct } from '../../catalog/queries/products';
import { PRODUCT, requireProduct } from '../../catalog/lookups';
import type { RouteDependencies } from '../../lib/route-dependencies';
import { findEdition } from '../queries/editions';
import {
  applyPolicyToLicenses,
  countLicensesPolicyChanges,
  deletePolicy,
  findPolicy,
  listPolicies,
  upsertPolicy,
} from '../queries/policies';
import { policyProblems } from '../policy-rules';

export const POLICY = 'Policy';
export const NO_SUCH_EDITION = 'edition_id names no edition of this product.';

const tags = ['licence policies'];
const policyAudit = ({ created_at: _created, updated_at: _updated, ...policy }: Policy) => policy;

/**
 * /products/{id}/policies: what each licence type means for the product (docs/licensing.md). A policy changes the
 * licences made after it; "apply" changes the type's existing licences too, after a preview of how many.
 */
export const policyRoutes: FastifyPluginAsyncTypebox<RouteDependencies> = async (app, { db }) => {
  app.get(
    '/products/:id/policies',
    { schema: { tags, params: IdParams, response: { 200: PolicyList, ...ErrorResponses } } },
    async (request) => {
      const { manufacturerId } = requireManufacturerStaff(request);
      await requireProduct(db, manufacturerId, request.params.id);
      return { data: await listPolicies(db, request.params.id) };
    },
  );

  app.put(
    '/products/:id/policies/:licenseType',
    { schema: { tags, params: PolicyParams, body: PolicyBody, response: { 200: Policy, ...ErrorResponses } } },
    async (request) => {
      const principal = requireManufacturerStaff(request);
      const { id: productId, licenseType } = request.params;
      const problems = policyProblems(request.body);
      return db.transaction().execute(async (trx) => {
        if (!(await lockProduct(trx, principal.manufacturerId, productId))) throw notFound(PRODUCT);
        if (problems.length > 0) throw badRequest(problems[0]!);
        if (request.body.edition_id !== null && !(await findEdition(trx, productId, request.body.edition_id)))
          throw badRequest(NO_SUCH_EDITION);
        const before = await findPolicy(trx, productId, licenseType);
        await upsertPolicy(trx, { manufacturerId: principal.manufacturerId, productId, licenseType }, request.body);
        const after = (await findPolicy(trx, productId, licenseType))!;
        await recordAudit(trx, principal, {
          manufacturerId: principal.manufacturerId,
          action: 'license_policy.update',
          entityType: 'product',
          entityId: productId,
          before: before ? policyAudit(before) : undefined,
          after: policyAudit(after),
        });
        return after;
      });
    },
  );

  app.delete(
    '/products/:id/policies/:licenseType',
    { schema: { tags, params: PolicyParams, response: { 204: Type.Null(), ...ErrorResponses } } },
    async (request, reply) => {
      const principal = requireManufacturerStaff(request);
      const { id: productId, licenseType } = request.params;
      await db.transaction().execute(async (trx) => {
        if (!(await lockProduct(trx, principal.manufacturerId, productId))) throw notFound(PRODUCT);
        const before = await findPolicy(trx, productId, licenseType);
        if (!before) throw notFound(POLICY);
        await deletePolicy(trx, productId, licenseType);
        await recordAudit(trx, principal, {
          manufacturerId: principal.manufacturerId,
          action: 'license_policy.delete',
          entityType: 'product',
          entityId: productId,
          before: policyAudit(before),
        });
      });
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/products/:id/policies/:licenseType/apply-preview',
    { schema: { tags, params: PolicyParams, response: { 200: PolicyApplyResult, ...ErrorResponses } } },
    async (request) => {
      const { manufacturerId } = requireManufacturerStaff(request);
      const { id: productId, licenseType } = request.params;
      await requireProduct(db, manufacturerId, productId);
      if (!(await findPolicy(db, productId, licenseType))) throw notFound(POLICY);
      return { licenses: await countLicensesPolicyChanges(db, productId, licenseType) };
    },
  );

  app.post(
    '/products/:id/policies/:licenseType/apply',
    { schema: { tags, params: PolicyParams, response: { 200: PolicyApplyResult, ...ErrorResponses } } },
    async (request) => {
      const principal = requireManufacturerStaff(request);
      const { id: productId, licenseType } = request.params;
      return db.transaction().execute(async (trx) => {
        if (!(await lockProduct(trx, principal.manufacturerId, productId))) throw notFound(PRODUCT);
        const policy = await findPolicy(trx, productId, licenseType);
        if (!policy) throw notFound(POLICY);
        const licenses = await applyPolicyToLicenses(trx, productId, licenseType);
        await recordAudit(trx, principal, {
          manufacturerId: principal.manufacturerId,
          action: 'license_policy.apply',
          entityType: 'product',
          entityId: productId,
          after: { license_type: licenseType, licenses_changed: licenses },
        });
        return { licenses };
      });
    },
  );
};
