import { Readable } from 'node:stream';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { BuildFile, BuildFileParams, ErrorResponses } from 'shared-kit/contract';
import { toBuildFile } from '../../build-shape';
import { HttpError, badRequest, conflict, notFound } from '../../../lib/http-error';
import { requireManufacturerStaff } from '../../../auth/permissions';
import { recordAudit } from '../../../audit/queries/audit-log';
import { buildFileStorageKey, findBuildFile, markBuildFileUploaded } from '../../queries/build-files';
import { lockBuild, touchBuild } from '../../queries/builds';
import { ContentMismatchError } from '../../../storage/file-storage';
import type { RouteDependencies } from '../../../lib/route-dependencies';
import { FILE_BYTES_ANSWER } from '../../../plugins/openapi-document';
import { BUILD, requireBuild } from '../../lookups';

export const BUILD_FILE = 'Build file';
export const buildConfirmed = (buildId: number) => `Build ${buildId} is confirmed: its files can no longer change.`;
export const notDeclared = (name: string, buildId: number) =>
  `'${name}' is not a file of build ${buildId}: declare every file when creating the build.`;

export const OCTET_STREAM_REQUIRED =
  "Send the file's bytes as the request body with Content-Type: application/octet-stream.";

/** The upload's bytes as a stream: an empty body is an empty file; anything the server parsed is not a file. */
function uploadedBytes(body: unknown): Readable {
  if (body instanceof Readable) return body;
  if (body === undefined || body === null) return Readable.from([]);
  throw new HttpError(415, OCTET_STREAM_REQUIRED);
}

export function mismatchMessage(
  name: string,
  declared: { size: number; sha256: string },
  error: ContentMismatchError,
): string {
  if (error.reason === 'sha256')
    return `'${name}' did not arrive intact: its SHA-256 is ${error.receivedSha256}, but ${declared.sha256} was declared.`;
  const received = error.reason === 'too-large' ? `more than ${declared.size}` : String(error.receivedSize);
  return `'${name}' did not arrive intact: ${received} bytes arrived, but ${declared.size} were declared.`;
}

/** `attachment` with the name for every browser: an ASCII fallback plus the exact UTF-8 name (RFC 6266). */
export function attachmentDisposition(name: string): string {
  const fallback = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(name).replace(
    /['()*]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

export const buildFileRoutes: FastifyPluginAsyncTypebox<RouteDependencies> = async (app, { db, storage }) => {
  // Uploads are streamed to storage as they arrive: the body reaches the handler unread and unbuffered.
  app.addContentTypeParser('application/octet-stream', (_request, payload, done) => done(null, payload));

  app.put(
    '/products/:id/builds/:buildId/files/:name',
    {
      schema: {
        tags: ['builds'],
        params: BuildFileParams,
        consumes: ['application/octet-stream'],
        response: { 200: BuildFile, ...ErrorResponses },
      },
    },
    async (request) => {
      const principal = requireManufacturerStaff(request);
      const { manufacturerId } = principal;
      const { id: productId, buildId, name } = request.params;
      const source = uploadedBytes(request.body);
      const build = await requireBuild(db, manufacturerId, productId, buildId);
      if (build.upload_confirmed) throw conflict(buildConfirmed(buildId));
      const file = await findBuildFile(db, manufacturerId, buildId, name);
      if (!file) throw new HttpError(404, notDeclared(name, buildId));
      const declared = { size: Number(file.size), sha256: file.sha256 };
      const contentLength = request.headers['content-length'];
      if (contentLength !== undefined && Number(contentLength) !== declared.size) {
        throw badRequest(
          `'${name}' did not arrive intact: the upload is ${contentLength} bytes, but ${declared.size} were declared.`,
        );
      }

      const key = buildFileStorageKey(buildId, name);
      try {
        await storage.writeVerified(key, source, declared);
      } catch (error) {
        if (error instanceof ContentMismatchError) throw badRequest(mismatchMessage(name, declared, error));
        throw error;
      }

      const uploaded = await db.transaction().execute(async (trx) => {
        const current = await lockBuild(trx, manufacturerId, productId, buildId);
        if (!current) throw notFound(BUILD);
        if (current.upload_confirmed) throw conflict(buildConfirmed(buildId));
        const after = await markBuildFileUploaded(trx, file.id, key);
        await touchBuild(trx, buildId);
        await recordAudit(trx, principal, {
          manufacturerId,
          action: 'build_file.upload',
          entityType: 'build_file',
          entityId: file.id,
          before: { ...file, size: declared.size },
          after: { ...after, size: declared.size },
        });
        return after;
      });
      return toBuildFile(uploaded, productId, app.prefix);
    },
  );

  app.get(
    '/products/:id/builds/:buildId/files/:name',
    {
      config: { cookieAuth: true },
      schema: {
        tags: ['builds'],
        params: BuildFileParams,
        response: { 200: FILE_BYTES_ANSWER, ...ErrorResponses },
      },
    },
    async (request, reply) => {
      const { manufacturerId } = requireManufacturerStaff(request);
      const { id: productId, buildId, name } = request.params;
      await requireBuild(db, manufacturerId, productId, buildId);
      const file = await findBuildFile(db, manufacturerId, buildId, name);
      if (!file || !file.uploaded_at || !file.storage_key) throw notFound(BUILD_FILE);
      const size = await storage.size(file.storage_key);
      if (size === undefined) {
        request.log.error(
          { buildId, name, key: file.storage_key },
          'build file recorded as uploaded is missing from storage',
        );
        throw notFound(BUILD_FILE);
      }
      return reply
        .header('Content-Type', 'application/octet-stream')
        .header('Content-Length', size)
        .header('Content-Disposition', attachmentDisposition(name))
        .header('ETag', `"${file.sha256}"`)
        .header('Cache-Control', 'private, no-cache')
        .send(storage.read(file.storage_key));
    },
  );
};
