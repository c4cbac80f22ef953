import { sql } from 'kysely';
import type { Db } from '../db/database';
import type { PageRequest } from '../lib/paging';
import { databaseNow } from '../db/now';

const RELEASE_COLUMNS = ['id', 'product_id', 'description', 'unlocks_wo_license', 'manual', 'app_version_min', 'app_version_max', 'created_at', 'updated_at'] as const;

export interface ReleaseFields {
  description: string | null;
  unlocks_wo_license: boolean;
  manual: string | null;
  app_version_min: string | null;
  app_version_max: string | null;
}

/** A product's releases, newest first. */
export async function listReleases(db: Db, manufacturerId: number, productId: number, page: PageRequest) {
  const query = db.selectFrom('releases').where('manufacturer_id', '=', manufacturerId).where('product_id', '=', productId);
  const [rows, count] = await Promise.all([
    query.select(RELEASE_COLUMNS).orderBy('id', 'desc').limit(page.perPage).offset(page.offset).execute(),
    query.select(sql<string>`count(*)`.as('total')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}

export async function findRelease(db: Db, manufacturerId: number, productId: number, releaseId: number) {
  return db
    .selectFrom('releases')
    .select(RELEASE_COLUMNS)
    .where('manufacturer_id', '=', manufacturerId)
    .where('product_id', '=', productId)
    .where('id', '=', releaseId)
    .executeTakeFirst();
}

/** The release row locked for the transaction: its builds and its channels change one writer at a time. */
export async function lockRelease(db: Db, manufacturerId: number, releaseId: number) {
  return db.selectFrom('releases').select(RELEASE_COLUMNS).where('manufacturer_id', '=', manufacturerId).where('id', '=', releaseId).forUpdate().executeTakeFirst();
}

export async function insertRelease(db: Db, manufacturerId: number, productId: number, fields: ReleaseFields) {
  return db
    .insertInto('releases')
    .values({ manufacturer_id: manufacturerId, product_id: productId, ...fields })
    .returning(RELEASE_COLUMNS)
    .executeTakeFirstOrThrow();
}

export async function updateRelease(db: Db, releaseId: number, fields: ReleaseFields) {
  return db
    .updateTable('releases')
    .set({ ...fields, updated_at: databaseNow() })
    .where('id', '=', releaseId)
    .returning(RELEASE_COLUMNS)
    .executeTakeFirstOrThrow();
}

export async function replaceReleaseBuilds(db: Db, manufacturerId: number, releaseId: number, buildIds: number[]) {
  await db.deleteFrom('release_builds').where('release_id', '=', releaseId).execute();
  if (buildIds.length === 0) return;
  await db
    .insertInto('release_builds')
    .values(buildIds.map((buildId) => ({ manufacturer_id: manufacturerId, release_id: releaseId, build_id: buildId })))
    .execute();
}

/** The builds of each release, by release id, in build id order. */
export async function buildsOfReleases(db: Db, releaseIds: number[]) {
  if (releaseIds.length === 0) return new Map<number, never[]>();
  const rows = await db
    .selectFrom('release_builds')
    .innerJoin('builds', 'builds.id', 'release_builds.build_id')
    .select([
      'release_builds.release_id',
      'builds.id',
      'builds.product_id',
      'builds.os',
      'builds.major',
      'builds.minor',
      'builds.revision',
      'builds.build_number',
      'builds.upload_confirmed',
      'builds.created_at',
      'builds.updated_at',
    ])
    .where('release_builds.release_id', 'in', releaseIds)
    .orderBy('builds.id')
    .execute();
  return groupBy(
    rows,
    (row) => row.release_id,
    ({ release_id: _releaseId, ...build }) => build,
  );
}

/** The channels each release is distributed to, by release id. */
export async function distributionsOfReleases(db: Db, releaseIds: number[]) {
  if (releaseIds.length === 0) return new Map<number, never[]>();
  const rows = await db
    .selectFrom('release_distributions')
    .innerJoin('distribution_channels', 'distribution_channels.id', 'release_distributions.channel_id')
    .select([
      'release_distributions.id',
      'release_distributions.release_id',
      'release_distributions.created_at',
      'distribution_channels.id as channel_id',
      'distribution_channels.type as channel_type',
      'distribution_channels.name as channel_name',
    ])
    .where('release_distributions.release_id', 'in', releaseIds)
    .orderBy('release_distributions.id')
    .execute();
  return groupBy(
    rows,
    (row) => row.release_id,
    (row) => ({ id: row.id, release_id: row.release_id, created_at: row.created_at, channel: { id: row.channel_id, type: row.channel_type, name: row.channel_name } }),
  );
}

export async function findDistribution(db: Db, releaseId: number, channelId: number) {
  return db
    .selectFrom('release_distributions')
    .select(['id', 'release_id', 'channel_id', 'created_at'])
    .where('release_id', '=', releaseId)
    .where('channel_id', '=', channelId)
    .executeTakeFirst();
}

export async function countDistributions(db: Db, releaseId: number): Promise<number> {
  const row = await db
    .selectFrom('release_distributions')
    .select(sql<string>`count(*)`.as('total'))
    .where('release_id', '=', releaseId)
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

export async function insertDistribution(db: Db, manufacturerId: number, releaseId: number, channelId: number) {
  return db
    .insertInto('release_distributions')
    .values({ manufacturer_id: manufacturerId, release_id: releaseId, channel_id: channelId })
    .returning(['id', 'release_id', 'channel_id', 'created_at'])
    .executeTakeFirstOrThrow();
}

export async function deleteDistribution(db: Db, distributionId: number) {
  await db.deleteFrom('release_distributions').where('id', '=', distributionId).execute();
}

function groupBy<Row, Item>(rows: Row[], keyOf: (row: Row) => number, itemOf: (row: Row) => Item): Map<number, Item[]> {
  const groups = new Map<number, Item[]>();
  for (const row of rows) {
    const key = keyOf(row);
    groups.set(key, [...(groups.get(key) ?? []), itemOf(row)]);
  }
  return groups;
}
