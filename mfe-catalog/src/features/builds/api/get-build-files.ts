import { useApiResource, type BuildFile, type ResourceResult } from 'shared-kit';
import { buildKeys } from 'shared-kit/data';

/** GET /clients/app/products/{id}/builds/{buildId}/files */
export const useBuildFiles = (productId: number | null, buildId: number | null): ResourceResult<BuildFile[]> =>
  useApiResource<BuildFile[]>(productId === null || buildId === null ? null : buildKeys.files(productId, buildId));
