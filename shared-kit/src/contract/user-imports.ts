// Owned by the import area: the CSV import of end users, optionally with a licence each.
import { Type, type Static } from '@sinclair/typebox';
import { Id, Text, Timestamp } from './common';

/** The largest file an import accepts (about 200 bytes a row at the most rows below, with room to spare). */
export const USER_IMPORT_MAX_BYTES = 20 * 1024 * 1024;
/** The most rows one file may hold under its header. */
export const USER_IMPORT_MAX_ROWS = 100_000;
/** How many invalid and existing rows a preview lists (the counts are always exact). */
export const USER_IMPORT_LISTED_ROWS = 1000;
/** The content type of the upload. */
export const USER_IMPORT_CONTENT_TYPE = 'text/csv';

/** The file's columns, in the template's order: email is required, the licence columns go together. */
export const USER_IMPORT_COLUMNS = ['email', 'external_id', 'product_identifier', 'license_type'] as const;
export type UserImportColumn = (typeof USER_IMPORT_COLUMNS)[number];

/**
 * Columns the users export writes that an import cannot set (the server gives them): read past, so an export
 * imports back as it is, and named in the preview's `ignored_columns`.
 */
export const USER_IMPORT_READ_ONLY_COLUMNS = ['id', 'created_at', 'updated_at'] as const;

/** A file a person can start from ("Download a template"). */
export const USER_IMPORT_TEMPLATE = [
  USER_IMPORT_COLUMNS.join(','),
  'ada@example.com,CRM-1001,,',
  'grace@example.com,,com.aurora.reverb,Standard',
  'linus@example.com,CRM-1003,com.aurora.reverb,NFR',
  '',
].join('\r\n');

export const UserImportInvalidRow = Type.Object({ line: Type.Integer(), email: Text(), reason: Text() });
export type UserImportInvalidRow = Static<typeof UserImportInvalidRow>;

export const UserImportExistingRow = Type.Object({ line: Type.Integer(), email: Text(), user_id: Id });
export type UserImportExistingRow = Static<typeof UserImportExistingRow>;

/**
 * POST /users/imports: the dry run. Nothing is created yet; `id` names the staged rows for the apply.
 * `invalid_rows` and `existing_rows` list the first USER_IMPORT_LISTED_ROWS of each; the counts are exact.
 */
export const UserImportPreview = Type.Object({
  id: Id,
  manufacturer_id: Id,
  rows: Type.Integer({ description: 'rows under the header' }),
  to_create: Type.Integer({ description: 'new users the apply will create' }),
  licenses_to_create: Type.Integer({
    description: 'licences the apply will create, one per new user whose row names a product',
  }),
  existing: Type.Integer({
    description: 'rows whose email is already a user of the manufacturer: the apply leaves them as they are',
  }),
  invalid: Type.Integer({ description: 'rows that break a rule: while there is one, the import cannot be applied' }),
  invalid_rows: Type.Array(UserImportInvalidRow),
  existing_rows: Type.Array(UserImportExistingRow),
  ignored_columns: Type.Array(Text(), {
    description: "header names of read-only columns (e.g. the export's ID and Created At) the import reads past",
  }),
  expires_at: Timestamp,
});
export type UserImportPreview = Static<typeof UserImportPreview>;

/** POST /users/imports/{id}/apply: everything was created in one transaction. */
export const UserImportResult = Type.Object({
  id: Id,
  users_created: Type.Integer(),
  licenses_created: Type.Integer(),
  applied_at: Timestamp,
});
export type UserImportResult = Static<typeof UserImportResult>;
