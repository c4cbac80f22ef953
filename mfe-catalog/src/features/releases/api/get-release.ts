import { useApiResource, type Release, type ResourceResult } from 'shared-kit';
import { releaseKeys } from 'shared-kit/data';

/** GET /products/{id}/releases/{releaseId}: the release with its builds and distributions. */
export const useRelease = (productId: number | null, releaseId: number | null): ResourceResult<Release> =>
  useApiResource<Release>(productId === null || releaseId === null ? null : releaseKeys.detail(productId, releaseId));
