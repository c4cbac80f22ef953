import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorResponses, IdParams, LicenseEditionBody, LicenseRenewBody, LicenseTerms } from 'shared-kit/contract';
import { badRequest, conflict, notFound } from '../../lib/http-error';
import { requireManufacturerStaff } from '../../auth/permissions';
import { recordAudit } from '../../audit/queries/audit-log';
import type { RouteDependencies } from '../../lib/route-dependencies';
import { findEdition } from '../queries/editions';
import {
  extendLicenseExpiry,
  findLicenseTerms,
  lockLicenseForTerms,
  setLicenseEdition,
} from '../queries/license-terms';
import { editionChangeAudit } from '../policy-rules';

export const LICENSE = 'License';
export const NO_SUCH_EDITION_OF_PRODUCT = "edition_id names no edition of this license's product.";
export const SAME_EDITION = 'The license already has this edition.';
export const RENEW_NEEDS_DATE = "This license's policy has no duration: give the date it runs until (expires_at).";
export const RENEW_DATE_IN_PAST = 'expires_at must be in the future.';

const tags = ['licence policies'];

/** /licenses/{id}/terms, /edition, /renew: one licence's terms, its edition upgrade and its renewal. */
export const licenseTermsRoutes: FastifyPluginAsyncTypebox<RouteDependencies> = async (app, { db }) => {
  app.get(
    '/licenses/:id/terms',
    { schema: { tags, params: IdParams, response: { 200: LicenseTerms, ...ErrorResponses } } },
    async (request) => {
      const { manufacturerId } = requireManufacturerStaff(request);
      const terms = await findLicenseTerms(db, manufacturerId, request.params.id);
      if (!terms) throw notFound(LICENSE);
      return terms;
    },
  );

  app.post(
    '/licenses/:id/edition',
    {
      schema: { tags, params: IdParams, body: LicenseEditionBody, response: { 200: LicenseTerms, ...ErrorResponses } },
    },
    async (request) => {
      const principal = requireManufacturerStaff(request);
      return db.transaction().execute(async (trx) => {
        const license = await lockLicenseForTerms(trx, principal.manufacturerId, request.params.id);
        if (!license) throw notFound(LICENSE);
        const edition = await findEdition(trx, license.product_id, request.body.edition_id);
        if (!edition) throw badRequest(NO_SUCH_EDITION_OF_PRODUCT);
        if (license.edition_id === edition.id) throw conflict(SAME_EDITION);
        await setLicenseEdition(trx, license.id, edition.id);
        await recordAudit(trx, principal, {
          manufacturerId: principal.manufacturerId,
          action: 'license.edition_change',
          entityType: 'license',
          entityId: license.id,
          after: editionChangeAudit(license.edition_name, edition.name),
        });
        return (await findLicenseTerms(trx, principal.manufacturerId, license.id))!;
      });
    },
  );

  app.post(
    '/licenses/:id/renew',
    { schema: { tags, params: IdParams, body: LicenseRenewBody, response: { 200: LicenseTerms, ...ErrorResponses } } },
    async (request) => {
      const principal = requireManufacturerStaff(request);
      const until = request.body?.expires_at;
      if (until !== undefined && !(Date.parse(until) > Date.now())) throw badRequest(RENEW_DATE_IN_PAST);
      return db.transaction().execute(async (trx) => {
        const license = await lockLicenseForTerms(trx, principal.manufacturerId, request.params.id);
        if (!license) throw notFound(LICENSE);
        if (until === undefined && license.duration_days === null) throw badRequest(RENEW_NEEDS_DATE);
        const before = license.expires_at?.toISOString() ?? null;
        const expiresAt = await extendLicenseExpiry(
          trx,
          license.id,
          until !== undefined ? { until } : { days: license.duration_days! },
        );
        await recordAudit(trx, principal, {
          manufacturerId: principal.manufacturerId,
          action: 'license.renew',
          entityType: 'license',
          entityId: license.id,
          before: { expires_at: before },
          after: { expires_at: expiresAt },
        });
        return (await findLicenseTerms(trx, principal.manufacturerId, license.id))!;
      });
    },
  );
};
