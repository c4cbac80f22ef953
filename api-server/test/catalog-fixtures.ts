import { createHash } from 'node:crypto';
import type { Db } from '../src/db/database';
import type { TestApp } from './support/test-app';
import { generateProductKeyPair } from '../src/crypto/product-keys';

/** A product row straight in the database, for tests that need one without going through the API. */
export async function insertTestProduct(
  db: Db,
  masterKey: Buffer,
  manufacturerId: number,
  fields: {
    name: string;
    type?: 'Full' | 'PluginOnly' | 'ContentOnly';
    identifier?: string | null;
    series?: string | null;
    dependency_id?: number | null;
  },
) {
  const keys = generateProductKeyPair(masterKey);
  return db
    .insertInto('products')
    .values({
      manufacturer_id: manufacturerId,
      name: fields.name,
      type: fields.type ?? 'Full',
      plugin_name: fields.name.replace(/\s+/g, ''),
      identifier: fields.identifier ?? null,
      series: fields.series ?? null,
      dependency_id: fields.dependency_id ?? null,
      public_key: keys.publicKey,
      private_key_encrypted: keys.privateKeyEncrypted,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function insertTestChannels(db: Db, manufacturerId: number, types: string[] = ['Beta', 'Release']) {
  return db
    .insertInto('distribution_channels')
    .values(types.map((type) => ({ manufacturer_id: manufacturerId, type, name: `${type} channel` })))
    .returning(['id', 'type', 'name'])
    .execute();
}

export async function insertTestBuild(
  db: Db,
  manufacturerId: number,
  productId: number,
  fields: {
    os: 'macOS' | 'Windows' | 'any';
    version?: [number, number, number];
    build_number?: number;
    upload_confirmed?: boolean;
  },
) {
  const [major, minor, revision] = fields.version ?? [1, 0, 0];
  return db
    .insertInto('builds')
    .values({
      manufacturer_id: manufacturerId,
      product_id: productId,
      os: fields.os,
      major,
      minor,
      revision,
      build_number: fields.build_number ?? 1,
      upload_confirmed: fields.upload_confirmed ?? true,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export const sha256Hex = (data: Buffer | string) => createHash('sha256').update(data).digest('hex');

/** A build's one file stored and recorded, and the build added to a release: what an upload and a release edit leave. */
export async function addReleaseBuild(
  t: TestApp,
  ids: { manufacturerId: number; releaseId: number; buildId: number },
  fileName: string,
  bytes: Buffer,
) {
  const storageKey = `builds/${ids.buildId}/${fileName}`;
  await t.storage.write(storageKey, bytes);
  await t.db
    .insertInto('build_files')
    .values({
      manufacturer_id: ids.manufacturerId,
      build_id: ids.buildId,
      name: fileName,
      size: bytes.length,
      sha256: sha256Hex(bytes),
      storage_key: storageKey,
      uploaded_at: new Date(),
    })
    .execute();
  await t.db
    .insertInto('release_builds')
    .values({ manufacturer_id: ids.manufacturerId, release_id: ids.releaseId, build_id: ids.buildId })
    .execute();
}

/** A release offered on each of `channelIds`. */
export async function distributeRelease(db: Db, manufacturerId: number, releaseId: number, channelIds: number[]) {
  for (const channelId of channelIds)
    await db
      .insertInto('release_distributions')
      .values({ manufacturer_id: manufacturerId, release_id: releaseId, channel_id: channelId })
      .execute();
}

export async function auditActions(db: Db, entityType: string): Promise<string[]> {
  const rows = await db
    .selectFrom('audit_log')
    .select('action')
    .where('entity_type', '=', entityType)
    .orderBy('id')
    .execute();
  return rows.map((row) => row.action);
}
