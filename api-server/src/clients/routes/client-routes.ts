import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import {
  AnyStateDocument,
  AnyUpdateDocument,
  ClientActivateBody,
  ClientMachineBody,
  DeactivationCapReachedAnswer,
  DeactivationResult,
  DownloadParams,
  DownloadQuery,
  ErrorResponse,
  IdParams,
  AnyLicenseFile,
  RevocationsDocument,
  RevocationsQuery,
  StartTrialBody,
  TrialFile,
  UpdateCheckBody,
  ValidateBody,
} from 'shared-kit/contract';
import { createProductKeyCache } from '../../crypto/product-key-cache';
import { HttpError, notFound } from '../../lib/http-error';
import { activateBySerial } from '../../clients/activate';
import { checkForUpdates } from '../../clients/check-updates';
import { deactivateBySerial } from '../../clients/deactivate';
import { downloadSignatureValid, downloadUrlKey } from '../../clients/download-url';
import { documentTime, recordClientAudit } from '../../clients/client-values';
import { DeactivationCapReached } from '../../licenses/activation/deactivate-machine';
import { revocationsOf } from '../../clients/revocations';
import { startTrial } from '../../clients/start-trial';
import { validateLicense } from '../../clients/validate';
import { findDownloadableFile, findLicenseState } from '../queries/client-updates';
import { attachmentDisposition } from '../../catalog/routes/products/build-files';
import type { RouteDependencies } from '../../lib/route-dependencies';
import { FILE_BYTES_ANSWER } from '../../plugins/openapi-document';
import { admitTrialStart, guardClientCall, guardedCall, machineSubject, serialSubjects } from './client-guard';

export const DOWNLOAD_LINK_INVALID =
  'This download link is not valid: it has expired or is for another file. Check for updates again to get a new link.';
export const downloadLicenseDisabled = (reason: string | null) =>
  `This download link's license is deactivated${reason ? ` (${reason})` : ''}: downloads need an active license.`;
export const downloadLicenseExpired = (expiresAt: Date | null) =>
  `This download link's license expired${expiresAt ? ` on ${expiresAt.toISOString().slice(0, 10)}` : ''}: renew it to download.`;
/** A licence's link to a build that only releases made after its maintenance end hold (docs/client-api.md). */
export const downloadBeyondMaintenance = (endsAt: Date) =>
  `This download link's license includes updates released until ${endsAt.toISOString().slice(0, 10)}; this build belongs to a later release: renew updates to download it.`;
const BUILD_FILE = 'Build file';

const errors = { 400: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse, 409: ErrorResponse, 429: ErrorResponse };
/** Plugins call these without a session: they prove a licence by its serial, never by staff credentials. */
const PUBLIC = { public: true } as const;
const tags = ['client API'];

const ifNoneMatchOf = (header: string | string[] | undefined) => (Array.isArray(header) ? header[0] : header);

/** A signed document with its ETag, or an empty 304 when the plugin already holds that version (its If-None-Match). */
function documentOrNotModified<Document>(
  reply: FastifyReply,
  { etag, document }: { etag: string; document: Document | undefined },
  cacheControl: string,
) {
  reply.header('ETag', etag).header('Cache-Control', cacheControl);
  return document ? document : reply.code(304).send(null);
}

/** The API a plugin or its installer calls on a customer's machine (docs/client-api.md). */
export const clientRoutes: FastifyPluginAsyncTypebox<RouteDependencies> = async (app, { db, masterKey, storage }) => {
  const productKeyOf = createProductKeyCache(masterKey);
  const downloadKey = downloadUrlKey(masterKey);

  /** A link issued for a licence downloads only while the licence is enabled and not expired. */
  const checkLinkLicense = async (licenseId: number | undefined, buildId: number) => {
    if (licenseId === undefined) return;
    const license = await findLicenseState(db, licenseId, buildId);
    if (!license) throw new HttpError(403, DOWNLOAD_LINK_INVALID);
    if (license.disabled) throw new HttpError(403, downloadLicenseDisabled(license.disabled_reason));
    if (license.expired) throw new HttpError(403, downloadLicenseExpired(license.expires_at));
    if (license.beyond_maintenance && license.maintenance_ends_at)
      throw new HttpError(403, downloadBeyondMaintenance(license.maintenance_ends_at));
  };

  app.post(
    '/clients/app/trials',
    { config: PUBLIC, schema: { tags, body: StartTrialBody, response: { 200: TrialFile, 201: TrialFile, ...errors } } },
    async (request, reply) => {
      const call = await guardClientCall(db, request, reply, [
        machineSubject(request.body.product_id, request.body.hardware_fingerprint),
      ]);
      const admitNewTrial = () => admitTrialStart(db, reply, request.body.product_id, call.address);
      const { file, created } = await startTrial(db, productKeyOf, { ...call, admitNewTrial }, request.body);
      return reply.code(created ? 201 : 200).send(file);
    },
  );

  app.post(
    '/clients/app/activations',
    { config: PUBLIC, schema: { tags, body: ClientActivateBody, response: { 200: AnyLicenseFile, ...errors } } },
    async (request, reply) => {
      return activateBySerial(
        db,
        productKeyOf,
        guardedCall(
          request,
          reply,
          serialSubjects(request.body.product_id, request.body.serial, request.body.hardware_fingerprint),
        ),
        request.body,
      );
    },
  );

  app.post(
    '/clients/app/deactivations',
    {
      config: PUBLIC,
      schema: {
        tags,
        body: ClientMachineBody,
        response: {
          200: DeactivationResult,
          ...errors,
          409: Type.Union([DeactivationCapReachedAnswer, ErrorResponse]),
        },
      },
    },
    async (request, reply) => {
      const call = await guardClientCall(
        db,
        request,
        reply,
        serialSubjects(request.body.product_id, request.body.serial, request.body.hardware_fingerprint),
      );
      try {
        return await deactivateBySerial(db, call, request.body);
      } catch (error) {
        if (!(error instanceof DeactivationCapReached)) throw error;
        return reply
          .status(409)
          .send({ message: [error.message], next_possible_at: documentTime(error.nextPossibleAt) });
      }
    },
  );

  app.post(
    '/clients/app/validations',
    { config: PUBLIC, schema: { tags, body: ValidateBody, response: { 200: AnyStateDocument, ...errors } } },
    async (request, reply) => {
      const { product_id, serial, hardware_fingerprint } = request.body;
      const call = guardedCall(request, reply, serialSubjects(product_id, serial, hardware_fingerprint));
      return validateLicense(db, productKeyOf, call, request.body);
    },
  );

  app.get(
    '/clients/app/products/:id/revocations',
    {
      config: PUBLIC,
      schema: {
        tags,
        params: IdParams,
        querystring: RevocationsQuery,
        response: { 200: RevocationsDocument, 304: Type.Null(), ...errors },
      },
    },
    async (request, reply) => {
      await guardClientCall(db, request, reply, [
        machineSubject(request.params.id, request.query.hardware_fingerprint),
      ]);
      const answer = await revocationsOf(
        db,
        productKeyOf,
        request.params.id,
        request.query,
        ifNoneMatchOf(request.headers['if-none-match']),
      );
      return documentOrNotModified(reply, answer, 'private, max-age=300');
    },
  );

  app.post(
    '/clients/app/update-checks',
    {
      config: PUBLIC,
      schema: { tags, body: UpdateCheckBody, response: { 200: AnyUpdateDocument, 304: Type.Null(), ...errors } },
    },
    async (request, reply) => {
      const { body } = request;
      const subjects = [
        machineSubject(body.product_id, body.hardware_fingerprint),
        ...(body.serial === undefined ? [] : serialSubjects(body.product_id, body.serial, body.hardware_fingerprint)),
      ];
      const call = { ...guardedCall(request, reply, subjects), prefix: app.prefix, downloadKey };
      const answer = await checkForUpdates(
        db,
        productKeyOf,
        call,
        body,
        ifNoneMatchOf(request.headers['if-none-match']),
      );
      return documentOrNotModified(reply, answer, 'private, no-cache');
    },
  );

  app.get(
    '/clients/app/downloads/:fileId',
    {
      config: PUBLIC,
      schema: {
        tags,
        params: DownloadParams,
        querystring: DownloadQuery,
        response: { 200: FILE_BYTES_ANSWER, ...errors },
      },
    },
    async (request, reply) => {
      const call = await guardClientCall(db, request, reply);
      const file = await findDownloadableFile(db, request.params.fileId);
      if (!file || !downloadSignatureValid(downloadKey, file, request.query, Math.floor(Date.now() / 1000)))
        throw new HttpError(403, DOWNLOAD_LINK_INVALID);
      await checkLinkLicense(request.query.license, file.build_id);
      const size = file.storage_key ? await storage.size(file.storage_key) : undefined;
      if (size === undefined || !file.storage_key) {
        request.log.error(
          { fileId: file.id, key: file.storage_key },
          'build file recorded as uploaded is missing from storage',
        );
        throw notFound(BUILD_FILE);
      }
      // A HEAD hands out no file (a download manager asking the size first): it is not audited.
      if (request.method !== 'HEAD')
        await recordClientAudit(db, call, {
          manufacturerId: file.manufacturer_id,
          action: 'client.download',
          entityType: 'build_file',
          entityId: file.id,
          after: { name: file.name },
        });
      return reply
        .header('Content-Type', 'application/octet-stream')
        .header('Content-Length', size)
        .header('Content-Disposition', attachmentDisposition(file.name))
        .header('ETag', `"${file.sha256}"`)
        .header('Cache-Control', 'private, no-store')
        .send(storage.read(file.storage_key));
    },
  );
};
