import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  ErrorResponses,
  IdParams,
  PageQuery,
  ProductReleaseParams,
  Release,
  ReleaseCreateBody,
  ReleaseList,
  ReleasePatchBody,
  buildsAllowDistribution,
} from 'shared-kit/contract';
import { RELEASE_NOT_DISTRIBUTABLE, releaseFieldsOf, requireBuildsOfProduct } from '../../release-rules';
import type { Db } from '../../../db/database';
import { assertNotEditedSince } from '../../../lib/edited-since';
import { conflict, notFound } from '../../../lib/http-error';
import { pageRequest, pagination } from '../../../lib/paging';
import { requireManufacturerStaff } from '../../../auth/permissions';
import { recordAudit } from '../../../audit/queries/audit-log';
import {
  countDistributions,
  findReleaseJson,
  insertRelease,
  listReleases,
  lockRelease,
  replaceReleaseBuilds,
  updateRelease,
} from '../../queries/releases';
import type { RouteDependencies } from '../../../lib/route-dependencies';
import { PRODUCT, RELEASE, requireProduct } from '../../lookups';
import { rawPage, sendRawJson } from '../../../lib/raw-json';

/**
 * A release as the API answers it, read as PostgreSQL writes it, and as the audit log keeps it. A write's answer goes
 * through the route's serializer as before (PostgreSQL's nested JSON text is spaced differently).
 */
async function releaseAnswer(db: Db, manufacturerId: number, productId: number, releaseId: number) {
  const release = JSON.parse((await findReleaseJson(db, manufacturerId, productId, releaseId))!) as Release;
  return { release, audited: auditView(release) };
}

export const releaseRoutes: FastifyPluginAsyncTypebox<RouteDependencies> = async (app, { db }) => {
  app.get(
    '/products/:id/releases',
    {
      schema: {
        tags: ['releases'],
        params: IdParams,
        querystring: PageQuery,
        response: { 200: ReleaseList, ...ErrorResponses },
      },
    },
    async (request, reply) => {
      const { manufacturerId } = requireManufacturerStaff(request);
      const page = pageRequest(request.query);
      const found = await listReleases(db, manufacturerId, request.params.id, page);
      if (!found) throw notFound(PRODUCT);
      return sendRawJson(reply, rawPage(found.rowsJson, pagination(found.total, page)));
    },
  );

  app.get(
    '/products/:id/releases/:releaseId',
    { schema: { tags: ['releases'], params: ProductReleaseParams, response: { 200: Release, ...ErrorResponses } } },
    async (request, reply) => {
      const { manufacturerId } = requireManufacturerStaff(request);
      const release = await findReleaseJson(db, manufacturerId, request.params.id, request.params.releaseId);
      if (release) return sendRawJson(reply, release);
      // Only on the way to a 404: which one is missing, the product or its release.
      await requireProduct(db, manufacturerId, request.params.id);
      throw notFound(RELEASE);
    },
  );

  app.post(
    '/products/:id/releases',
    {
      schema: {
        tags: ['releases'],
        params: IdParams,
        body: ReleaseCreateBody,
        response: { 201: Release, ...ErrorResponses },
      },
    },
    async (request, reply) => {
      const principal = requireManufacturerStaff(request);
      const { manufacturerId } = principal;
      const productId = request.params.id;
      const fields = releaseFieldsOf(request.body);
      const created = await db.transaction().execute(async (trx) => {
        await requireProduct(trx, manufacturerId, productId);
        const builds = await requireBuildsOfProduct(trx, manufacturerId, productId, request.body.builds ?? []);
        const release = await insertRelease(trx, manufacturerId, productId, fields);
        await replaceReleaseBuilds(
          trx,
          manufacturerId,
          release.id,
          builds.map((build) => build.id),
        );
        const answer = await releaseAnswer(trx, manufacturerId, productId, release.id);
        await recordAudit(trx, principal, {
          manufacturerId,
          action: 'release.create',
          entityType: 'release',
          entityId: release.id,
          after: answer.audited,
        });
        return answer.release;
      });
      return reply.status(201).send(created);
    },
  );

  app.patch(
    '/products/:id/releases/:releaseId',
    {
      schema: {
        tags: ['releases'],
        params: ProductReleaseParams,
        body: ReleasePatchBody,
        response: { 200: Release, ...ErrorResponses },
      },
    },
    async (request) => {
      const principal = requireManufacturerStaff(request);
      const { manufacturerId } = principal;
      const { id: productId, releaseId } = request.params;
      const updated = await db.transaction().execute(async (trx) => {
        await requireProduct(trx, manufacturerId, productId);
        const current = await lockRelease(trx, manufacturerId, releaseId);
        if (!current || current.product_id !== productId) throw notFound(RELEASE);
        assertNotEditedSince(request.body.updated_at, current.updated_at, 'this release');
        const before = await releaseAnswer(trx, manufacturerId, productId, releaseId);
        const fields = releaseFieldsOf(request.body, current);
        if (request.body.builds !== undefined) {
          const builds = await requireBuildsOfProduct(trx, manufacturerId, productId, request.body.builds);
          if (!buildsAllowDistribution(builds) && (await countDistributions(trx, releaseId)) > 0)
            throw conflict(RELEASE_NOT_DISTRIBUTABLE);
          await replaceReleaseBuilds(
            trx,
            manufacturerId,
            releaseId,
            builds.map((build) => build.id),
          );
        }
        await updateRelease(trx, releaseId, fields);
        const after = await releaseAnswer(trx, manufacturerId, productId, releaseId);
        await recordAudit(trx, principal, {
          manufacturerId,
          action: 'release.update',
          entityType: 'release',
          entityId: releaseId,
          before: before.audited,
          after: after.audited,
        });
        return after.release;
      });
      return updated;
    },
  );
};

/** What the audit log keeps of a release: its fields, build ids and channel ids. */
function auditView(release: Release) {
  const { builds, distributions, ...fields } = release;
  return {
    ...fields,
    builds: builds.map((build) => build.id),
    channels: distributions.map((distribution) => distribution.channel.id),
  };
}
