import type { Build, BuildFile } from 'shared-kit/contract';
import { withApiTimestamps } from '../db/api-timestamps';

interface BuildRow {
  id: number;
  product_id: number;
  os: Build['os'];
  major: number;
  minor: number;
  revision: number;
  build_number: number;
  upload_confirmed: boolean;
  created_at: Date;
  updated_at: Date;
}

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
