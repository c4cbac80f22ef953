import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorResponses, IdParams, TrialList, TrialListQuery, TrialParams } from 'shared-kit/contract';
import { Type } from '@sinclair/typebox';
import type { RouteDependencies } from '../../../lib/route-dependencies';
import { notFound } from '../../../lib/http-error';
import { pageRequest, pagination } from '../../../lib/paging';
import { rawPage, sendRawJson } from '../../../lib/raw-json';
import { requireManufacturerStaff } from '../../../auth/permissions';
import { recordAudit } from '../../../audit/queries/audit-log';
import { deleteTrial, listTrials } from '../../queries/trials';

export const trialRoutes: FastifyPluginAsyncTypebox<RouteDependencies> = async (app, { db }) => {
  app.get(
    '/products/:id/trials',
    {
      schema: {
        tags: ['trials'],
        params: IdParams,
        querystring: TrialListQuery,
        response: { 200: TrialList, ...ErrorResponses },
      },
    },
    async (request, reply) => {
      const principal = requireManufacturerStaff(request);
      const page = pageRequest(request.query);
      const found = await listTrials(
        db,
        principal.manufacturerId,
        request.params.id,
        request.query.hardware_fingerprint?.trim() || undefined,
        page,
      );
      if (!found) throw notFound('Product');
      return sendRawJson(reply, rawPage(found.rowsJson, pagination(found.total, page)));
    },
  );

  app.delete(
    '/products/:id/trials/:trialId',
    { schema: { tags: ['trials'], params: TrialParams, response: { 204: Type.Null(), ...ErrorResponses } } },
    async (request, reply) => {
      const principal = requireManufacturerStaff(request);
      const { id: productId, trialId } = request.params;
      await db.transaction().execute(async (trx) => {
        const deleted = await deleteTrial(trx, principal.manufacturerId, productId, trialId);
        if (!deleted) throw notFound('Trial');
        await recordAudit(trx, principal, {
          manufacturerId: principal.manufacturerId,
          action: 'trial.delete',
          entityType: 'trial',
          entityId: trialId,
          before: deleted,
        });
      });
      return reply.code(204).send(null);
    },
  );
};
