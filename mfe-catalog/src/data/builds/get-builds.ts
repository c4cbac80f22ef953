import { BUILD_PICKER_SIZE, usePagedList, type Build } from 'shared-kit';
import { productBuildsPath } from './keys';
import type { PagedListResult } from '../results';

/** GET /products/{id}/builds: one page of a product's builds, newest first. */
export const useProductBuilds = (productId: number | null, page: number, perPage: number): PagedListResult<Build> =>
  usePagedList<Build>(productId === null ? null : productBuildsPath(productId), { page, per_page: perPage });

/** The Select Builds dialog's choices (SPEC §9: the first 250 builds); `productId` null waits. */
export const useBuildChoices = (productId: number | null): PagedListResult<Build> => useProductBuilds(productId, 1, BUILD_PICKER_SIZE);
