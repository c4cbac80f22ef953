import type { Build, BuildFile } from 'shared-kit/contract';
import type { Expression, ExpressionBuilder, Selectable } from 'kysely';
import { jsonBuildObject } from 'kysely/helpers/postgres';
import type { BuildsTable, Database } from '../db/schema';
import { apiTimestampSql, withApiTimestamps } from '../db/api-timestamps';

/** A build's columns (all but its manufacturer), in the API's `Build` field order. */
export const BUILD_COLUMNS = [
  'id',
  'product_id',
  'os',
  'major',
  'minor',
  'revision',
  'build_number',
  'upload_confirmed',
  'created_at',
  'updated_at',
] as const;

type BuildRow = Pick<Selectable<BuildsTable>, (typeof BUILD_COLUMNS)[number]>;
type BuildJoin = Database & { b: Database['builds'] };

/** The build `b` as PostgreSQL's JSON of a `Build` (a release's builds): the same columns as `toBuild`'s rows. */
export const buildJsonSql = (eb: ExpressionBuilder<BuildJoin, 'b'>) =>
  jsonBuildObject(
    Object.fromEntries(
      BUILD_COLUMNS.map((column) => {
        const ref = eb.ref(`b.${column}`);
        const isTime = column === 'created_at' || column === 'updated_at';
        return [column, isTime ? apiTimestampSql(ref as Expression<Date>) : ref];
      }),
    ),
  );

interface BuildFileRow {
  build_id: number;
  name: string;
  size: string;
  sha256: string;
  uploaded_at: Date | null;
}

export const toBuild = (row: BuildRow): Build => withApiTimestamps(row);

/** The download path of a build file, under the API prefix. */
export const buildFileDownloadPath = (apiPrefix: string, productId: number, buildId: number, name: string) =>
  `${apiPrefix}/products/${productId}/builds/${buildId}/files/${encodeURIComponent(name)}`;

/** A file as the API answers it: the url only once its bytes arrived intact. */
export function toBuildFile(row: BuildFileRow, productId: number, apiPrefix: string): BuildFile {
  return {
    name: row.name,
    size: Number(row.size),
    sha256: row.sha256,
    url: row.uploaded_at ? buildFileDownloadPath(apiPrefix, productId, row.build_id, row.name) : null,
  };
}
