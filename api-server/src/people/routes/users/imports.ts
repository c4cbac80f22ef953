import type { FastifyError } from 'fastify';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  ErrorResponses,
  IdParams,
  USER_IMPORT_CONTENT_TYPE,
  USER_IMPORT_MAX_BYTES,
  USER_IMPORT_MAX_ROWS,
  UserImportPreview,
  UserImportResult,
} from 'shared-kit/contract';
import { previewUserImport } from '../../user-import/preview';
import { createPreviewSlots } from '../../user-import/preview-slots';
import { checkUtf8 } from '../../user-import/user-csv';
import { conflict, HttpError, notFound } from '../../../lib/http-error';
import { requireManufacturerStaff, requireStaffSession } from '../../../auth/permissions';
import { recordAudit } from '../../../audit/queries/audit-log';
import { applyStagedRows, countTakenSincePreview, lockImport } from '../../queries/user-imports';
import type { RouteDependencies } from '../../../lib/route-dependencies';

const MAX_MB = USER_IMPORT_MAX_BYTES / 1024 / 1024;
export const IMPORT_NOT_FOUND = 'Import';
export const CSV_REQUIRED = `Send the CSV file as the request body with Content-Type: ${USER_IMPORT_CONTENT_TYPE}.`;
export const FILE_TOO_LARGE = `The file is too large: an import may be at most ${MAX_MB} MB and ${USER_IMPORT_MAX_ROWS.toLocaleString('en-US')} rows. Split it into several files.`;
export const ALREADY_APPLIED = 'This import has already been applied.';
export const PREVIEW_EXPIRED = 'This preview has expired (previews are kept for an hour). Upload the file again.';
export const NOTHING_TO_IMPORT = 'Nothing to import: every row of the file is already a user.';
export const hasInvalidRows = (invalid: number) =>
  `The file has ${invalid} invalid ${invalid === 1 ? 'row' : 'rows'}: correct ${invalid === 1 ? 'it' : 'them'} and upload the file again. Nothing was imported.`;
export const CHANGED_SINCE_PREVIEW =
  'Users or products changed since the preview. Upload the file again to see the new preview. Nothing was imported.';

const UNIQUE_VIOLATION = '23505';
const FOREIGN_KEY_VIOLATION = '23503';
const changedSincePreview = (error: unknown) =>
  [UNIQUE_VIOLATION, FOREIGN_KEY_VIOLATION].includes((error as { code?: string } | null)?.code ?? '');

/**
 * A text/csv body (its UTF-8 bytes), told apart from the text a text/plain body parses into. The bytes are a
 * private field: hooks that walk a body's members (plugins/finite-numbers.ts) see none, never millions of bytes.
 */
class CsvUpload {
  readonly #bytes: Buffer;
  constructor(bytes: Buffer) {
    this.#bytes = bytes;
  }
  get bytes(): Buffer {
    return this.#bytes;
  }
}

/** POST /users/imports (the dry run of a CSV file) and POST /users/imports/{id}/apply (all or nothing). */
export const userImportRoutes: FastifyPluginAsyncTypebox<RouteDependencies> = async (app, { db }) => {
  const previewSlots = createPreviewSlots();
  // The body is checked here and stays bytes, decoded a slice at a time while it is parsed.
  app.addContentTypeParser(
    USER_IMPORT_CONTENT_TYPE,
    { parseAs: 'buffer', bodyLimit: USER_IMPORT_MAX_BYTES },
    (_request, body, done) => {
      try {
        done(null, new CsvUpload(checkUtf8(body as Buffer)));
      } catch (error) {
        done(error as Error, undefined);
      }
    },
  );

  app.post(
    '/users/imports',
    {
      schema: {
        tags: ['users'],
        consumes: [USER_IMPORT_CONTENT_TYPE],
        response: { 201: UserImportPreview, ...ErrorResponses },
      },
      // The slot is taken before the upload is read and given back when the connection's answer ends.
      onRequest: (request, reply, done) => {
        try {
          const principal = requireManufacturerStaff(request);
          // The response closes when it is sent and when the client goes away before: the slot is given back either way.
          reply.raw.once('close', previewSlots.take(principal.manufacturerId, request.ip));
          done();
        } catch (error) {
          done(error as Error);
        }
      },
      errorHandler: (error: FastifyError, _request, reply) => {
        if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return reply.status(413).send({ message: [FILE_TOO_LARGE] });
        throw error;
      },
    },
    async (request, reply) => {
      const principal = requireStaffSession(request);
      if (!(request.body instanceof CsvUpload)) throw new HttpError(415, CSV_REQUIRED);
      const preview = await previewUserImport(db, principal.manufacturerId, principal.systemUserId, request.body.bytes);
      return reply.status(201).send(preview);
    },
  );

  app.post(
    '/users/imports/:id/apply',
    { schema: { tags: ['users'], params: IdParams, response: { 200: UserImportResult, ...ErrorResponses } } },
    async (request) => {
      const principal = requireManufacturerStaff(request);
      const { manufacturerId } = principal;
      const { id } = request.params;
      return db
        .transaction()
        .execute(async (trx) => {
          const staged = await lockImport(trx, manufacturerId, id);
          if (!staged) throw notFound(IMPORT_NOT_FOUND);
          if (staged.applied_at) throw conflict(ALREADY_APPLIED);
          if (staged.expired) throw new HttpError(410, PREVIEW_EXPIRED);
          if (staged.invalid > 0) throw conflict(hasInvalidRows(staged.invalid));
          if (staged.to_create === 0) throw conflict(NOTHING_TO_IMPORT);
          if ((await countTakenSincePreview(trx, manufacturerId, id)) > 0) throw conflict(CHANGED_SINCE_PREVIEW);
          const applied = await applyStagedRows(trx, manufacturerId, id);
          if (applied.usersCreated !== staged.to_create || applied.licensesCreated !== staged.licenses_to_create)
            throw conflict(CHANGED_SINCE_PREVIEW);
          const after = {
            rows: staged.row_count,
            users_created: applied.usersCreated,
            licenses_created: applied.licensesCreated,
            existing: staged.existing,
          };
          await recordAudit(trx, principal, {
            manufacturerId,
            action: 'import.apply',
            entityType: 'user_import',
            entityId: id,
            after,
          });
          return {
            id,
            users_created: applied.usersCreated,
            licenses_created: applied.licensesCreated,
            applied_at: applied.appliedAt.toISOString(),
          };
        })
        .catch((error: unknown) => {
          // A user created (or a product removed) between our check and the INSERT: the constraint decides, all rolled back.
          throw changedSincePreview(error) ? conflict(CHANGED_SINCE_PREVIEW) : error;
        });
    },
  );
};
