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
 * Every confirmed build for this OS (or any OS) of the product's releases that this audience may have: the
 * release is distributed to the Release channel or to a channel the user belongs to.
 */
export async function candidateReleaseBuilds(db: Db, audience: UpdateAudience) {
  let query = db
    .selectFrom('releases as r')
    .innerJoin('release_builds as rb', 'rb.release_id', 'r.id')
    .innerJoin('builds as b', 'b.id', 'rb.build_id')
    .select(['r.id as release_id', 'r.unlocks_wo_license', 'r.app_version_min', 'r.app_version_max', 'b.id as build_id', 'b.os', 'b.major', 'b.minor', 'b.revision', 'b.build_number'])
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

export type CandidateBuild = Awaited<ReturnType<typeof candidateReleaseBuilds>>[number];

export async function uploadedFilesOfBuild(db: Db, buildId: number) {
  return db.selectFrom('build_files').select(['id', 'name', 'size', 'sha256']).where('build_id', '=', buildId).where('uploaded_at', 'is not', null).orderBy('id').execute();
}

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
