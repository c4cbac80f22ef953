import { usePagedList, type Release } from 'shared-kit';
import { productReleasesPath } from './keys';
import type { PagedListResult } from '../results';

/** GET /products/{id}/releases: one page, each release with its builds and channels. */
export const useProductReleases = (productId: number | null, page: number, perPage: number): PagedListResult<Release> =>
  usePagedList<Release>(productId === null ? null : productReleasesPath(productId), { page, per_page: perPage });
