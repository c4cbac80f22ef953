import { sql } from 'kysely';
import { RELEASE_CHANNEL_TYPE } from 'shared-kit/contract';
import type { Db } from '../db/database';

export interface UpdateAudience {
  productId: number;
  os: 'macOS' | 'Windows';
  /** The licence owner, whose channel memberships count; null: the Release channel only. */
  memberUserId: number | null;
  /** Only releases that unlock without a licence. */
  onlyUnlockedWithoutLicense: boolean;
}

/**
 * Who asks for updates, in one statement: the product (undefined: no such product), the licence of this product
 * by serial (another product's serial is answered like an unknown one) with whether this machine holds a slot
 * (null: never activated here), or without a serial whether the machine has a trial.
 */
export async function readUpdateCaller(db: Db, productId: number, serial: string | undefined, hardwareFingerprint: string) {
  const { rows } = await sql<{
    manufacturer_id: number;
    private_key_encrypted: string;
    license_id: number | null;
    disabled: boolean | null;
    disabled_reason: string | null;
    user_id: number | null;
    holds_slot: boolean | null;
    has_trial: boolean;
  }>`
    SELECT p.manufacturer_id, p.private_key_encrypted, l.id AS license_id, l.disabled, l.disabled_reason, l.user_id,
      (SELECT m.deactivated_at IS NULL FROM license_machines m WHERE m.license_id = l.id AND m.hardware_fingerprint = ${hardwareFingerprint}) AS holds_slot,
      CASE WHEN ${serial ?? null}::text IS NULL
        THEN EXISTS (SELECT 1 FROM trials t WHERE t.product_id = p.id AND t.hardware_fingerprint = ${hardwareFingerprint})
        ELSE false END AS has_trial
    FROM products p
    LEFT JOIN licenses l ON l.product_id = p.id AND l.serial = ${serial ?? null}::text
    WHERE p.id = ${productId}`.execute(db);
  return rows[0];
}

/**
 * Every confirmed build for this OS (or any OS) of the product's releases that this audience may have: the
 * release is distributed to the Release channel or to a channel the user belongs to. Each comes with its uploaded
 * files (id order), so the chosen build needs no second round trip.
 */
export async function candidateReleaseBuilds(db: Db, audience: UpdateAudience) {
  let query = db
    .selectFrom('releases as r')
    .innerJoin('release_builds as rb', 'rb.release_id', 'r.id')
    .innerJoin('builds as b', 'b.id', 'rb.build_id')
    .select(['r.id as release_id', 'r.unlocks_wo_license', 'r.app_version_min', 'r.app_version_max', 'b.id as build_id', 'b.os', 'b.major', 'b.minor', 'b.revision', 'b.build_number'])
    .select(
      sql<UploadedFile[]>`coalesce((
        SELECT json_agg(json_build_object('id', f.id, 'name', f.name, 'size', f.size, 'sha256', f.sha256) ORDER BY f.id)
        FROM build_files f WHERE f.build_id = b.id AND f.uploaded_at IS NOT NULL), '[]'::json)`.as('files'),
    )
    .where('r.product_id', '=', audience.productId)
    .where('b.upload_confirmed', '=', true)
    .where('b.os', 'in', [audience.os, 'any'])
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('release_distributions as d')
          .innerJoin('distribution_channels as c', 'c.id', 'd.channel_id')
          .select(sql`1`.as('one'))
          .whereRef('d.release_id', '=', 'r.id')
          .where((eb) =>
            audience.memberUserId === null
              ? eb('c.type', '=', RELEASE_CHANNEL_TYPE)
              : eb.or([
                  eb('c.type', '=', RELEASE_CHANNEL_TYPE),
                  eb.exists(eb.selectFrom('channel_memberships as cm').select(sql`1`.as('one')).whereRef('cm.channel_id', '=', 'c.id').where('cm.user_id', '=', audience.memberUserId)),
                ]),
          ),
      ),
    );
  if (audience.onlyUnlockedWithoutLicense) query = query.where('r.unlocks_wo_license', '=', true);
  return query.execute();
}

interface UploadedFile {
  id: number;
  name: string;
  size: number;
  sha256: string;
}

export type CandidateBuild = Awaited<ReturnType<typeof candidateReleaseBuilds>>[number];

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
