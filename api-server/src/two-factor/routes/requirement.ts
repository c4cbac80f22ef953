import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorResponses, IdParams, TwoFactorRequirement, TwoFactorRequirementBody } from 'shared-kit/contract';
import { requireOwner, requireSuperuser } from '../../auth/permissions';
import { recordAudit } from '../../audit/queries/audit-log';
import { reachableManufacturer } from '../../webhooks/routes/webhook-endpoints';
import type { Db } from '../../db/database';
import {
  manufacturerRequiredSince,
  platformRequiredSince,
  setManufacturerRequirement,
  setPlatformRequirement,
} from '../requirement-queries';

// Named constants so the audit-actions test finds what this file writes.
const MANUFACTURER_REQUIREMENT_ACTION = 'manufacturer.two_factor_requirement_update';
const PLATFORM_REQUIREMENT_ACTION = 'platform.two_factor_requirement_update';

const requirementOf = (since: Date | null) => ({
  required: since !== null,
  required_since: since?.toISOString() ?? null,
});

/**
 * Requiring two-factor sign-in: a manufacturer's (its staff read it; its owner or the Super User sets it) and the
 * platform's (the Super User's alone). Setting what is already set changes nothing and writes no audit entry.
 */
export const requirementRoutes: FastifyPluginAsyncTypebox<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/manufacturers/:id/two-factor-requirement',
    {
      schema: {
        tags: ['auth'],
        summary: 'Whether the manufacturer requires two-factor sign-in of every staff member',
        params: IdParams,
        response: { 200: TwoFactorRequirement, ...ErrorResponses },
      },
    },
    async (request) => {
      await reachableManufacturer(db, request, request.params.id);
      return requirementOf(await manufacturerRequiredSince(db, request.params.id));
    },
  );

  app.put(
    '/manufacturers/:id/two-factor-requirement',
    {
      schema: {
        tags: ['auth'],
        summary: 'Requires two-factor sign-in of every staff member of the manufacturer, or stops requiring it',
        params: IdParams,
        body: TwoFactorRequirementBody,
        response: { 200: TwoFactorRequirement, ...ErrorResponses },
      },
    },
    async (request) => {
      const manufacturerId = request.params.id;
      await reachableManufacturer(db, request, manufacturerId);
      const principal = requireOwner(request);
      const { required } = request.body;
      return db.transaction().execute(async (trx) => {
        if (await setManufacturerRequirement(trx, manufacturerId, required))
          await recordAudit(trx, principal, {
            manufacturerId,
            action: MANUFACTURER_REQUIREMENT_ACTION,
            entityType: 'manufacturer',
            entityId: manufacturerId,
            before: { required: !required },
            after: { required },
          });
        return requirementOf(await manufacturerRequiredSince(trx, manufacturerId));
      });
    },
  );

  app.get(
    '/platform/two-factor-requirement',
    {
      schema: {
        tags: ['auth'],
        summary: 'Whether every system user must sign in with two factors (the Super User only)',
        response: { 200: TwoFactorRequirement, ...ErrorResponses },
      },
    },
    async (request) => {
      requireSuperuser(request);
      return requirementOf(await platformRequiredSince(db));
    },
  );

  app.put(
    '/platform/two-factor-requirement',
    {
      schema: {
        tags: ['auth'],
        summary: 'Requires two-factor sign-in of every system user, the Super User too, or stops requiring it',
        body: TwoFactorRequirementBody,
        response: { 200: TwoFactorRequirement, ...ErrorResponses },
      },
    },
    async (request) => {
      const principal = requireSuperuser(request);
      const { required } = request.body;
      return db.transaction().execute(async (trx) => {
        if (await setPlatformRequirement(trx, required))
          await recordAudit(trx, principal, {
            manufacturerId: null,
            action: PLATFORM_REQUIREMENT_ACTION,
            entityType: 'platform',
            entityId: 'two_factor_requirement',
            before: { required: !required },
            after: { required },
          });
        return requirementOf(await platformRequiredSince(trx));
      });
    },
  );
};
