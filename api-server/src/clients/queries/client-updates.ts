import { sql } from 'kysely';
import { RELEASE_CHANNEL_TYPE } from 'shared-kit/contract';
import type { Db } from '../../db/database';
import { countedRead, type RateLimit } from '../../auth/rate-limits';
import { licenseExpiredSql, maintenanceEndSql } from '../../policies/queries/license-terms';

export interface CandidateFile {
  id: number;
  name: string;
  size: number;
  sha256: string;
}

/** A confirmed build of a release the caller may have, with its uploaded files in id order. */
export interface CandidateBuild {
  release_id: number;
  unlocks_wo_license: boolean;
  app_version_min: string | null;
  app_version_max: string | null;
  build_id: number;
  os: 'macOS' | 'Windows' | 'any';
  major: number;
  minor: number;
  revision: number;
  build_number: number;
  /** When its release was made, as signed documents write times. */
  published_at: string;
  /** Its release was made at or after the licence's maintenance end: only a version 2 read returns such builds. */
  beyond_maintenance: boolean;
  files: CandidateFile[];
}

const signedTimeText = (value: ReturnType<typeof sql>) =>
  sql<string | null>`to_char((${value}) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;

/**
 * An update check's reads in one statement, with its rate-limit counting (one round trip): the product (undefined: no such product); the licence of this
 * product by serial (another product's serial is answered like an unknown one) with whether this machine holds a
 * slot (null: never activated here), or without a serial whether the machine has a trial; and every confirmed
 * build for this OS (or any OS) of the product's releases this caller may have, with its uploaded files. A
 * release counts when it is distributed to the Release channel, or to a channel the licence owner belongs to; a
 * trial user gets the Release channel only, and a machine with neither licence nor trial only releases that
 * unlock without a licence. The caller checks the licence (unknown, disabled, not activated here) before it uses
 * the candidates. A licence with a maintenance end (docs/licensing.md) gets only releases made before it; with
 * `beyondMaintenance` (a version 2 answer) the later ones come too, marked, so the answer can name the newest.
 */
export function readUpdateCheck(
  db: Db,
  limits: RateLimit[],
  productId: number,
  serial: string | undefined,
  hardwareFingerprint: string,
  os: 'macOS' | 'Windows',
  beyondMaintenance = false,
) {
  return updateCheckStatement(db, limits, 'check', {
    productId,
    serial: serial ?? null,
    hardwareFingerprint,
    os,
    beyondMaintenance,
  });
}

interface UpdateCheckValues {
  productId: number;
  serial: string | null;
  hardwareFingerprint: string;
  os: 'macOS' | 'Windows';
  beyondMaintenance: boolean;
}

const updateCheckStatement = countedRead('client_update_check', (_db: Db, _shape: 'check', v: UpdateCheckValues) => {
  const caller = sql`caller AS (
      SELECT p.id AS product_id, p.manufacturer_id, p.private_key_encrypted, l.id AS license_id, l.disabled, l.disabled_reason, l.user_id,
        (SELECT m.deactivated_at IS NULL FROM license_machines m WHERE m.license_id = l.id AND m.hardware_fingerprint = ${v.hardwareFingerprint}) AS holds_slot,
        ${maintenanceEndSql} AS maintenance_end,
        CASE WHEN ${v.serial}::text IS NULL
          THEN EXISTS (SELECT 1 FROM trials t WHERE t.product_id = p.id AND t.hardware_fingerprint = ${v.hardwareFingerprint})
          ELSE false END AS has_trial
      FROM products p
      LEFT JOIN licenses l ON l.product_id = p.id AND l.serial = ${v.serial}::text
      WHERE p.id = ${v.productId}
    )`;
  const read = sql<{
    manufacturer_id: number;
    private_key_encrypted: string;
    license_id: number | null;
    disabled: boolean | null;
    disabled_reason: string | null;
    holds_slot: boolean | null;
    has_trial: boolean;
    maintenance_ends_at: string | null;
    candidates: CandidateBuild[];
  }>`
    SELECT c.manufacturer_id, c.private_key_encrypted, c.license_id, c.disabled, c.disabled_reason, c.holds_slot, c.has_trial,
      ${signedTimeText(sql`c.maintenance_end`)} AS maintenance_ends_at,
      coalesce((
        SELECT json_agg(json_build_object(
          'release_id', r.id, 'unlocks_wo_license', r.unlocks_wo_license, 'app_version_min', r.app_version_min, 'app_version_max', r.app_version_max,
          'build_id', b.id, 'os', b.os, 'major', b.major, 'minor', b.minor, 'revision', b.revision, 'build_number', b.build_number,
          'published_at', ${signedTimeText(sql`r.created_at`)},
          'beyond_maintenance', (c.maintenance_end IS NOT NULL AND r.created_at >= c.maintenance_end),
          'files', coalesce((
            SELECT json_agg(json_build_object('id', f.id, 'name', f.name, 'size', f.size, 'sha256', f.sha256) ORDER BY f.id)
            FROM build_files f WHERE f.build_id = b.id AND f.uploaded_at IS NOT NULL), '[]'::json)))
        FROM releases r
        JOIN release_builds rb ON rb.release_id = r.id
        JOIN builds b ON b.id = rb.build_id
        WHERE r.product_id = c.product_id AND b.upload_confirmed AND b.os IN (${v.os}, 'any')
          AND (c.license_id IS NOT NULL OR c.has_trial OR r.unlocks_wo_license)
          AND (c.maintenance_end IS NULL OR r.created_at < c.maintenance_end OR ${v.beyondMaintenance}::boolean)
          AND EXISTS (
            SELECT 1 FROM release_distributions d JOIN distribution_channels ch ON ch.id = d.channel_id
            WHERE d.release_id = r.id AND (ch.type = ${RELEASE_CHANNEL_TYPE}
              OR (c.license_id IS NOT NULL AND EXISTS (SELECT 1 FROM channel_memberships cm WHERE cm.channel_id = ch.id AND cm.user_id = c.user_id))))
      ), '[]'::json) AS candidates
    FROM caller c`;
  return { read, readCtes: caller };
});

/** A build file a signed download link names, with its storage key: undefined unless uploaded and confirmed. */
export async function findDownloadableFile(db: Db, fileId: number) {
  return db
    .selectFrom('build_files as f')
    .innerJoin('builds as b', 'b.id', 'f.build_id')
    .select(['f.id', 'f.manufacturer_id', 'f.build_id', 'f.name', 'f.size', 'f.sha256', 'f.storage_key'])
    .where('f.id', '=', fileId)
    .where('f.uploaded_at', 'is not', null)
    .where('b.upload_confirmed', '=', true)
    .executeTakeFirst();
}

/**
 * The state a download link's licence is in now: undefined when it is gone. `beyond_maintenance`: the licence has a
 * maintenance end and no release made before it holds the build (the update check's rule, at download time).
 */
export async function findLicenseState(db: Db, licenseId: number, buildId: number) {
  return db
    .selectFrom('licenses as l')
    .select(['l.disabled', 'l.disabled_reason', 'l.expires_at'])
    .select(licenseExpiredSql.as('expired'))
    .select(maintenanceEndSql.as('maintenance_ends_at'))
    .select(
      sql<boolean>`(${maintenanceEndSql} IS NOT NULL AND NOT EXISTS (SELECT 1 FROM release_builds rb
        JOIN releases r ON r.id = rb.release_id WHERE rb.build_id = ${buildId} AND r.created_at < ${maintenanceEndSql}))`.as(
        'beyond_maintenance',
      ),
    )
    .where('l.id', '=', licenseId)
    .executeTakeFirst();
}
