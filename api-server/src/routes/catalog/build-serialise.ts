import type { BuildFile } from 'shared-kit/contract';
import { withIsoTimestamps } from './serialise';

interface BuildFileRow {
  build_id: number;
  name: string;
  size: string;
  sha256: string;
  uploaded_at: Date | null;
}

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

export const toBuild = withIsoTimestamps;
