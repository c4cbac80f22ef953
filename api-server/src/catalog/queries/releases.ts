import { sql, type SqlBool } from 'kysely';
import { jsonBuildObject } from 'kysely/helpers/postgres';
import type { Db } from '../../db/database';
import type { PageRequest } from '../../lib/paging';
import { databaseNow } from '../../db/now';
import { apiTimestampSql } from '../../db/api-timestamps';
import { jsonRows, oneQueryPageTextQuery, pageAsJson, pageTextOf, rowAsJsonTextQuery } from '../../db/one-query-page';
import { compiledOncePerShape } from '../../db/compiled-once';
import { buildJsonSql } from '../build-shape';

/** A release's own fields (its builds, channels and timestamps aside), in the API's `Release` field order. */
const RELEASE_FIELDS = [
  'id',
  'product_id',
  'description',
  'unlocks_wo_license',
  'manual',
  'app_version_min',
  'app_version_max',
] as const;

/** A release's row as the API answers it (its builds and channels aside). */
export const RELEASE_COLUMNS = [...RELEASE_FIELDS, 'created_at', 'updated_at'] as const;

export interface ReleaseFields {
  description: string | null;
  unlocks_wo_license: boolean;
  manual: string | null;
  app_version_min: string | null;
  app_version_max: string | null;
}

/** The builds of the release `r.id` (the query's alias `r`) as a JSON array of `Build`, in build id order. */
function buildsJson(db: Db) {
  return db
    .selectFrom('release_builds as rb')
    .innerJoin('builds as b', 'b.id', 'rb.build_id')
    .where('rb.release_id', '=', sql<number>`r.id`)
    .select((eb) => jsonRows(buildJsonSql(eb), eb.ref('b.id')).as('builds'));
}

/** The channels the release `r.id` is distributed to, as a JSON array of `ReleaseDistribution`, in distribution order. */
function distributionsJson(db: Db) {
  return db
    .selectFrom('release_distributions as d')
    .innerJoin('distribution_channels as c', 'c.id', 'd.channel_id')
    .where('d.release_id', '=', sql<number>`r.id`)
    .select((eb) =>
      jsonRows(
        jsonBuildObject({
          id: eb.ref('d.id'),
          release_id: eb.ref('d.release_id'),
          channel: jsonBuildObject({ id: eb.ref('c.id'), type: eb.ref('c.type'), name: eb.ref('c.name') }),
          created_at: apiTimestampSql(eb.ref('d.created_at')),
        }),
        eb.ref('d.id'),
      ).as('distributions'),
    );
}

/**
 * Releases (`releases`, already filtered and paged) as the API answers them (`Release`, the schema's field order):
 * builds and distributions are read only for these rows, never for rows a page skips.
 */
function releaseAnswers(db: Db, releases: ReturnType<typeof releasesOf>) {
  return db
    .selectFrom(releases.select(RELEASE_COLUMNS).as('r'))
    .select((eb) => [
      ...RELEASE_FIELDS.map((column) => `r.${column}` as const),
      sql<unknown[]>`(${buildsJson(db)})`.as('builds'),
      sql<unknown[]>`(${distributionsJson(db)})`.as('distributions'),
      apiTimestampSql(eb.ref('r.created_at')).as('created_at'),
      apiTimestampSql(eb.ref('r.updated_at')).as('updated_at'),
    ]);
}

const releasesOf = (db: Db, manufacturerId: number, productId: number) =>
  db.selectFrom('releases').where('manufacturer_id', '=', manufacturerId).where('product_id', '=', productId);

/**
 * A product's releases, newest first, with the total and the check that the product is the manufacturer's, in one
 * statement (undefined if it is not); the page is the JSON text of its `Release` rows.
 */
export async function listReleases(db: Db, manufacturerId: number, productId: number, page: PageRequest) {
  const { rows } = await releasePageStatement(db, 'page', {
    manufacturerId,
    productId,
    perPage: page.perPage,
    offset: page.offset,
  });
  return pageTextOf(rows[0]);
}

const releasePageStatement = compiledOncePerShape(
  (
    db: Db,
    _shape: 'page',
    {
      manufacturerId,
      productId,
      perPage,
      offset,
    }: { manufacturerId: number; productId: number; perPage: number; offset: number },
  ) => {
    const releases = releasesOf(db, manufacturerId, productId);
    const product = db
      .selectFrom('products')
      .select('id')
      .where('id', '=', productId)
      .where('manufacturer_id', '=', manufacturerId);
    return oneQueryPageTextQuery(db, {
      found: sql<SqlBool>`exists (${product})`,
      total: releases.select(sql<string>`count(*)`.as('total')),
      rows: pageAsJson(db, releaseAnswers(db, releases.orderBy('id', 'desc').limit(perPage).offset(offset)), 'desc'),
    });
  },
);

/** The release of the manufacturer's product as the JSON text of a `Release`, or undefined. */
export async function findReleaseJson(
  db: Db,
  manufacturerId: number,
  productId: number,
  releaseId: number,
): Promise<string | undefined> {
  return (await releaseJsonStatement(db, 'one', { manufacturerId, productId, releaseId })).rows[0]?.json;
}

const releaseJsonStatement = compiledOncePerShape(
  (
    db: Db,
    _shape: 'one',
    { manufacturerId, productId, releaseId }: { manufacturerId: number; productId: number; releaseId: number },
  ) =>
    rowAsJsonTextQuery(db, releaseAnswers(db, releasesOf(db, manufacturerId, productId).where('id', '=', releaseId))),
);

/** The release row locked for the transaction: its builds and its channels change one writer at a time. */
export async function lockRelease(db: Db, manufacturerId: number, releaseId: number) {
  return db
    .selectFrom('releases')
    .select(RELEASE_COLUMNS)
    .where('manufacturer_id', '=', manufacturerId)
    .where('id', '=', releaseId)
    .forUpdate()
    .executeTakeFirst();
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

/** The operating systems of a release's builds (whether it may be distributed). */
export async function buildOsesOfRelease(db: Db, releaseId: number) {
  return db
    .selectFrom('release_builds')
    .innerJoin('builds', 'builds.id', 'release_builds.build_id')
    .select('builds.os')
    .where('release_builds.release_id', '=', releaseId)
    .execute();
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
