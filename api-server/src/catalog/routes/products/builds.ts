import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  BUILD_FILE_NAME_MAX_BYTES,
  Build,
  BuildCreateBody,
  BuildList,
  BuildWithFiles,
  ErrorResponses,
  IdParams,
  PageQuery,
  ProductBuildParams,
  buildVersion,
} from 'shared-kit/contract';
import { toBuild, toBuildFile } from '../../build-shape';
import { badRequest, conflict, notFound } from '../../../lib/http-error';
import { pageRequest, pagination } from '../../../lib/paging';
import { requireManufacturerStaff } from '../../../auth/permissions';
import { recordAudit } from '../../../audit/queries/audit-log';
import { buildFileStorageKey, insertBuildFiles, listBuildFiles } from '../../queries/build-files';
import { findSameVersionBuild, insertBuild, listBuilds, lockBuild, markBuildConfirmed } from '../../queries/builds';
import { lockProduct } from '../../queries/products';
import type { RouteDependencies } from '../../../lib/route-dependencies';
import { BUILD, PRODUCT, requireBuild, requireProduct } from '../../lookups';

export const duplicateFileNames = (names: string[]) =>
  `Each file of a build needs its own name: ${names.map((name) => `'${name}'`).join(', ')} appears more than once.`;
export const sameVersionExists = (os: string, version: string, buildNumber: number) =>
  `A ${os} build ${version} (build number ${buildNumber}) already exists for this product.`;
export const fileNamesTooLong = (names: string[]) =>
  `A file name may be at most ${BUILD_FILE_NAME_MAX_BYTES} bytes in UTF-8: ${names.map((name) => `'${name}'`).join(', ')} ${names.length === 1 ? 'is' : 'are'} longer.`;
export const uploadIncomplete = (names: string[]) =>
  `The upload is incomplete: ${names.map((name) => `'${name}'`).join(', ')} ${names.length === 1 ? 'has' : 'have'} not arrived intact yet.`;

export const buildRoutes: FastifyPluginAsyncTypebox<RouteDependencies> = async (app, { db, storage }) => {
  app.get(
    '/products/:id/builds',
    {
      schema: {
        tags: ['builds'],
        params: IdParams,
        querystring: PageQuery,
        response: { 200: BuildList, ...ErrorResponses },
      },
    },
    async (request) => {
      const { manufacturerId } = requireManufacturerStaff(request);
      await requireProduct(db, manufacturerId, request.params.id);
      const page = pageRequest(request.query);
      const { rows, total } = await listBuilds(db, manufacturerId, request.params.id, page);
      return { data: rows.map(toBuild), pagination: pagination(total, page) };
    },
  );

  app.get(
    '/products/:id/builds/:buildId',
    { schema: { tags: ['builds'], params: ProductBuildParams, response: { 200: Build, ...ErrorResponses } } },
    async (request) => {
      const { manufacturerId } = requireManufacturerStaff(request);
      return toBuild(await requireBuild(db, manufacturerId, request.params.id, request.params.buildId));
    },
  );

  app.post(
    '/products/:id/builds',
    {
      schema: {
        tags: ['builds'],
        params: IdParams,
        body: BuildCreateBody,
        response: { 201: BuildWithFiles, ...ErrorResponses },
      },
    },
    async (request, reply) => {
      const principal = requireManufacturerStaff(request);
      const { manufacturerId } = principal;
      const productId = request.params.id;
      const { files, os, major, minor, revision, build_number: buildNumber } = request.body;
      const names = files.map((file) => file.name);
      const repeated = [...new Set(names.filter((name, index) => names.indexOf(name) !== index))];
      if (repeated.length > 0) throw badRequest(duplicateFileNames(repeated));
      const tooLong = names.filter((name) => Buffer.byteLength(name, 'utf8') > BUILD_FILE_NAME_MAX_BYTES);
      if (tooLong.length > 0) throw badRequest(fileNamesTooLong(tooLong));

      const created = await db.transaction().execute(async (trx) => {
        // Locking the product serialises concurrent publications of the same version.
        if (!(await lockProduct(trx, manufacturerId, productId))) throw notFound(PRODUCT);
        const newBuild = { manufacturerId, productId, os, major, minor, revision, buildNumber };
        if (await findSameVersionBuild(trx, newBuild))
          throw conflict(sameVersionExists(os, buildVersion(request.body), buildNumber));
        const build = await insertBuild(trx, newBuild);
        const buildFiles = await insertBuildFiles(trx, manufacturerId, build.id, files);
        const after = {
          ...build,
          files: buildFiles.map(({ name, size, sha256 }) => ({ name, size: Number(size), sha256 })),
        };
        await recordAudit(trx, principal, {
          manufacturerId,
          action: 'build.create',
          entityType: 'build',
          entityId: build.id,
          after,
        });
        return { build, buildFiles };
      });
      return reply.status(201).send({
        ...toBuild(created.build),
        files: created.buildFiles.map((file) => toBuildFile(file, productId, app.prefix)),
      });
    },
  );

  app.post(
    '/products/:id/builds/:buildId/confirm',
    { schema: { tags: ['builds'], params: ProductBuildParams, response: { 200: BuildWithFiles, ...ErrorResponses } } },
    async (request) => {
      const principal = requireManufacturerStaff(request);
      const { manufacturerId } = principal;
      const { id: productId, buildId } = request.params;
      await requireProduct(db, manufacturerId, productId);
      const confirmed = await db.transaction().execute(async (trx) => {
        const before = await lockBuild(trx, manufacturerId, productId, buildId);
        if (!before) throw notFound(BUILD);
        const files = await listBuildFiles(trx, manufacturerId, buildId);
        const missing: string[] = [];
        for (const file of files) {
          const storedSize = file.uploaded_at && file.storage_key ? await storage.size(file.storage_key) : undefined;
          if (storedSize !== Number(file.size) || file.storage_key !== buildFileStorageKey(buildId, file.name))
            missing.push(file.name);
        }
        if (missing.length > 0) throw conflict(uploadIncomplete(missing));
        if (before.upload_confirmed) return { build: before, files };
        const build = await markBuildConfirmed(trx, buildId);
        await recordAudit(trx, principal, {
          manufacturerId,
          action: 'build.confirm',
          entityType: 'build',
          entityId: buildId,
          before,
          after: build,
        });
        return { build, files };
      });
      return {
        ...toBuild(confirmed.build),
        files: confirmed.files.map((file) => toBuildFile(file, productId, app.prefix)),
      };
    },
  );
};
