import { sql } from 'kysely';
import { RELEASE_CHANNEL_TYPE, type LicenseType } from 'shared-kit/contract';
import type { Db } from '../../db/database';

/** How long a preview can be applied. */
export const PREVIEW_LIFETIME = '1 hour';

/** A row the apply will create: the user, and a licence when the row named a product. */
export interface StagedRow {
  line: number;
  email: string;
  external_id: string | null;
  product_id: number | null;
  license_type: LicenseType | null;
  serial: string | null;
}

export interface ImportCounts {
  rowCount: number;
  toCreate: number;
  licensesToCreate: number;
  existing: number;
  invalid: number;
}

/** The manufacturer's products by lower(identifier) among those named (identifiers are unique regardless of case). */
export async function productsByIdentifier(
  db: Db,
  manufacturerId: number,
  identifiers: string[],
): Promise<Map<string, number>> {
  if (identifiers.length === 0) return new Map();
  const { rows } = await sql<{ id: number; key: string }>`
    SELECT p.id, lower(p.identifier) AS key FROM products p
    WHERE p.manufacturer_id = ${manufacturerId} AND lower(p.identifier) = ANY (${identifiers}::text[])`.execute(db);
  return new Map(rows.map((row) => [row.key, row.id]));
}

/** The manufacturer's users among these lower-cased emails, by lower(email). */
export async function existingUsersByEmail(
  db: Db,
  manufacturerId: number,
  emails: string[],
): Promise<Map<string, number>> {
  if (emails.length === 0) return new Map();
  const { rows } = await sql<{ id: number; key: string }>`
    SELECT u.id, wanted.key FROM unnest(${emails}::text[]) AS wanted(key)
    JOIN end_users u ON u.manufacturer_id = ${manufacturerId} AND lower(u.email) = wanted.key`.execute(db);
  return new Map(rows.map((row) => [row.key, row.id]));
}

/** Stores a preview's rows to create (and drops every expired preview); its id and when it expires. */
export async function stageImport(
  db: Db,
  manufacturerId: number,
  createdBy: number | null,
  counts: ImportCounts,
  rows: StagedRow[],
) {
  await sql`DELETE FROM user_imports WHERE expires_at < now() AND applied_at IS NULL`.execute(db);
  const {
    rows: [staged],
  } = await sql<{ id: number; expires_at: Date }>`
    INSERT INTO user_imports (manufacturer_id, created_by, row_count, to_create, licenses_to_create, existing, invalid, rows, expires_at)
    VALUES (${manufacturerId}, ${createdBy}, ${counts.rowCount}, ${counts.toCreate}, ${counts.licensesToCreate}, ${counts.existing}, ${counts.invalid},
      ${JSON.stringify(rows)}::jsonb, now() + ${PREVIEW_LIFETIME}::interval)
    RETURNING id, expires_at`.execute(db);
  return staged;
}

export interface StagedImport {
  id: number;
  to_create: number;
  licenses_to_create: number;
  invalid: number;
  row_count: number;
  existing: number;
  expired: boolean;
  applied_at: Date | null;
}

/** The manufacturer's import, locked until the transaction ends (one apply at a time, on any instance). */
export async function lockImport(trx: Db, manufacturerId: number, id: number): Promise<StagedImport | undefined> {
  const { rows } = await sql<StagedImport>`
    SELECT id, to_create, licenses_to_create, invalid, row_count, existing, expires_at < now() AS expired, applied_at FROM user_imports
    WHERE id = ${id} AND manufacturer_id = ${manufacturerId} FOR UPDATE`.execute(trx);
  return rows[0];
}

const STAGED_ROWS = sql`jsonb_to_recordset(i.rows) AS r(line integer, email text, external_id text, product_id integer, license_type text, serial text)`;

/** How many staged emails became users since the preview (someone created them meanwhile). */
export async function countTakenSincePreview(trx: Db, manufacturerId: number, id: number): Promise<number> {
  const { rows } = await sql<{ taken: string }>`
    SELECT count(*) AS taken FROM user_imports i, ${STAGED_ROWS}
    JOIN end_users u ON u.manufacturer_id = ${manufacturerId} AND lower(u.email) = lower(r.email)
    WHERE i.id = ${id}`.execute(trx);
  return Number(rows[0].taken);
}

/**
 * Creates every staged user (in the Release channel, as every new user) and their licences with set-based
 * INSERTs in one statement, marks the import applied and drops its rows. Each row draws its user id from the
 * table's sequence first (in the file's order), so the memberships and licences come from the same rows, without joining back.
 */
export async function applyStagedRows(trx: Db, manufacturerId: number, id: number) {
  const { rows } = await sql<{ users_created: string; licenses_created: string; applied_at: Date }>`
    WITH staged AS MATERIALIZED (
      SELECT r.*, nextval(pg_get_serial_sequence('end_users', 'id')) AS user_id FROM user_imports i, ${STAGED_ROWS} WHERE i.id = ${id}
    ),
    new_users AS (
      INSERT INTO end_users (id, manufacturer_id, email, external_id)
      SELECT user_id, ${manufacturerId}, email, external_id FROM staged
      RETURNING id
    ),
    memberships AS (
      INSERT INTO channel_memberships (manufacturer_id, channel_id, user_id)
      SELECT ${manufacturerId}, c.id, s.user_id FROM staged s
      CROSS JOIN distribution_channels c WHERE c.manufacturer_id = ${manufacturerId} AND c.type = ${RELEASE_CHANNEL_TYPE}
    ),
    new_licenses AS (
      INSERT INTO licenses (manufacturer_id, product_id, user_id, license_type, serial)
      SELECT ${manufacturerId}, s.product_id, s.user_id, s.license_type, s.serial FROM staged s
      WHERE s.product_id IS NOT NULL AND s.product_id IN (SELECT p.id FROM products p WHERE p.manufacturer_id = ${manufacturerId})
      RETURNING id
    ),
    applied AS (UPDATE user_imports SET applied_at = now(), rows = NULL WHERE id = ${id} RETURNING applied_at)
    SELECT (SELECT count(*) FROM new_users) AS users_created, (SELECT count(*) FROM new_licenses) AS licenses_created,
      (SELECT applied_at FROM applied) AS applied_at`.execute(trx);
  return {
    usersCreated: Number(rows[0].users_created),
    licensesCreated: Number(rows[0].licenses_created),
    appliedAt: rows[0].applied_at,
  };
}
