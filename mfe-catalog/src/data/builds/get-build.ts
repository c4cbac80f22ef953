import { useApiResource, type Build } from 'shared-kit';
import { buildPath } from './keys';
import type { ResourceResult } from '../results';

/** GET /products/{id}/builds/{buildId} */
export const useBuild = (productId: number | null, buildId: number | null): ResourceResult<Build> =>
  useApiResource<Build>(productId === null || buildId === null ? null : buildPath(productId, buildId));
