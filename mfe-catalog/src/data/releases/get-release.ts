import { useApiResource, type Release } from 'shared-kit';
import { releasePath } from './keys';
import type { ResourceResult } from '../results';

/** GET /products/{id}/releases/{releaseId}: the release with its builds and distributions. */
export const useRelease = (productId: number | null, releaseId: number | null): ResourceResult<Release> =>
  useApiResource<Release>(productId === null || releaseId === null ? null : releasePath(productId, releaseId));
