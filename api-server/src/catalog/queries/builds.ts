import { sql } from 'kysely';
import type { BuildOs } from 'shared-kit/contract';
import type { Db } from '../../db/database';
import type { PageRequest } from '../../lib/paging';
import { databaseNow } from '../../db/now';
import { BUILD_COLUMNS } from '../build-shape';

/** A build as its product, OS and version name it. */
export interface BuildVersion {
  productId: number;
  os: BuildOs;
  major: number;
  minor: number;
  revision: number;
  buildNumber: number;
}

export interface NewBuild extends BuildVersion {
  manufacturerId: number;
}

/** The query every read of a product's builds starts from (the manufacturer's own product only). */
const buildsOfProduct = (db: Db, manufacturerId: number, productId: number) =>
  db.selectFrom('builds').where('manufacturer_id', '=', manufacturerId).where('product_id', '=', productId);

/** A product's builds, newest first (what a release pipeline just published is on the first page). */
export async function listBuilds(db: Db, manufacturerId: number, productId: number, page: PageRequest) {
  const query = buildsOfProduct(db, manufacturerId, productId);
  const [rows, count] = await Promise.all([
    query.select(BUILD_COLUMNS).orderBy('id', 'desc').limit(page.perPage).offset(page.offset).execute(),
    query.select(sql<string>`count(*)`.as('total')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}

/** The build of the manufacturer's product, as the query that reads it. */
const buildOfProduct = (db: Db, manufacturerId: number, productId: number, buildId: number) =>
  buildsOfProduct(db, manufacturerId, productId).select(BUILD_COLUMNS).where('id', '=', buildId);

export async function findBuild(db: Db, manufacturerId: number, productId: number, buildId: number) {
  return buildOfProduct(db, manufacturerId, productId, buildId).executeTakeFirst();
}

export async function lockBuild(db: Db, manufacturerId: number, productId: number, buildId: number) {
  return buildOfProduct(db, manufacturerId, productId, buildId).forUpdate().executeTakeFirst();
}

/** The builds of a product among `ids` (ids of other products or manufacturers are left out). */
export async function findBuildsOfProduct(db: Db, manufacturerId: number, productId: number, ids: number[]) {
  if (ids.length === 0) return [];
  return buildsOfProduct(db, manufacturerId, productId)
    .select(BUILD_COLUMNS)
    .where('id', 'in', ids)
    .orderBy('id')
    .execute();
}

export async function findSameVersionBuild(db: Db, build: NewBuild) {
  return buildsOfProduct(db, build.manufacturerId, build.productId)
    .select('id')
    .where('os', '=', build.os)
    .where('major', '=', build.major)
    .where('minor', '=', build.minor)
    .where('revision', '=', build.revision)
    .where('build_number', '=', build.buildNumber)
    .executeTakeFirst();
}

export async function insertBuild(db: Db, build: NewBuild) {
  return db
    .insertInto('builds')
    .values({
      manufacturer_id: build.manufacturerId,
      product_id: build.productId,
      os: build.os,
      major: build.major,
      minor: build.minor,
      revision: build.revision,
      build_number: build.buildNumber,
      upload_confirmed: false,
    })
    .returning(BUILD_COLUMNS)
    .executeTakeFirstOrThrow();
}

export async function markBuildConfirmed(db: Db, buildId: number) {
  return db
    .updateTable('builds')
    .set({ upload_confirmed: true, updated_at: databaseNow() })
    .where('id', '=', buildId)
    .returning(BUILD_COLUMNS)
    .executeTakeFirstOrThrow();
}

export async function touchBuild(db: Db, buildId: number) {
  await db.updateTable('builds').set({ updated_at: databaseNow() }).where('id', '=', buildId).execute();
}
