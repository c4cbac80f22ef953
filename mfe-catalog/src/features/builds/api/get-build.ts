import { useApiResource, type Build, type ResourceResult } from 'shared-kit';
import { buildKeys } from 'shared-kit/data';

/** GET /products/{id}/builds/{buildId} */
export const useBuild = (productId: number | null, buildId: number | null): ResourceResult<Build> =>
  useApiResource<Build>(productId === null || buildId === null ? null : buildKeys.detail(productId, buildId));
