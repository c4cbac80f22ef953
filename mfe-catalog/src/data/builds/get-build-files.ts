import { useApiResource, type BuildFile } from 'shared-kit';
import { buildFilesPath } from './keys';
import type { ResourceResult } from '../results';

/** GET /clients/app/products/{id}/builds/{buildId}/files */
export const useBuildFiles = (productId: number | null, buildId: number | null): ResourceResult<BuildFile[]> =>
  useApiResource<BuildFile[]>(productId === null || buildId === null ? null : buildFilesPath(productId, buildId));
