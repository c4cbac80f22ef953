import { buildKeys, useApiResource, type Build, type ResourceResult } from 'shared-kit';

/** GET /products/{id}/builds/{buildId} */
export const useBuild = (productId: number | null, buildId: number | null): ResourceResult<Build> =>
  useApiResource<Build>(productId === null || buildId === null ? null : buildKeys.detail(productId, buildId));
