import type { Db } from '../../db/database';
import { databaseNow } from '../../db/now';

const FILE_COLUMNS = ['id', 'build_id', 'name', 'size', 'sha256', 'storage_key', 'uploaded_at'] as const;

/** Where a build file's bytes live in the file storage. */
export const buildFileStorageKey = (buildId: number, name: string) => `builds/${buildId}/${name}`;

/** The query every read of a build's files starts from. */
const filesOfBuild = (db: Db, manufacturerId: number, buildId: number) =>
  db
    .selectFrom('build_files')
    .select(FILE_COLUMNS)
    .where('manufacturer_id', '=', manufacturerId)
    .where('build_id', '=', buildId);

export async function listBuildFiles(db: Db, manufacturerId: number, buildId: number) {
  return filesOfBuild(db, manufacturerId, buildId).orderBy('id').execute();
}

export async function findBuildFile(db: Db, manufacturerId: number, buildId: number, name: string) {
  return filesOfBuild(db, manufacturerId, buildId).where('name', '=', name).executeTakeFirst();
}

export async function insertBuildFiles(
  db: Db,
  manufacturerId: number,
  buildId: number,
  files: { name: string; size: number; sha256: string }[],
) {
  return db
    .insertInto('build_files')
    .values(
      files.map((file) => ({
        manufacturer_id: manufacturerId,
        build_id: buildId,
        name: file.name,
        size: file.size,
        sha256: file.sha256.toLowerCase(),
        storage_key: null,
        uploaded_at: null,
      })),
    )
    .returning(FILE_COLUMNS)
    .execute();
}

export async function markBuildFileUploaded(db: Db, fileId: number, storageKey: string) {
  return db
    .updateTable('build_files')
    .set({ storage_key: storageKey, uploaded_at: databaseNow() })
    .where('id', '=', fileId)
    .returning(FILE_COLUMNS)
    .executeTakeFirstOrThrow();
}
