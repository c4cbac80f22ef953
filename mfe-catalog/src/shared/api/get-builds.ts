import { BUILD_PICKER_SIZE, usePagedList, type Build, type ListState, type PagedListResult } from 'shared-kit';
import { buildKeys } from 'shared-kit/data';

/** GET /products/{id}/builds: one page of a product's builds, newest first; `productId` null waits. */
export const productBuildsKey = (productId: number | null, { page, perPage }: Pick<ListState, 'page' | 'perPage'>) =>
  productId === null ? null : buildKeys.list(productId, { page, per_page: perPage });

/** The Select Builds dialog's choices (docs/console.md, Release form: the first 250 builds); `productId` null waits. */
export const useBuildChoices = (productId: number | null): PagedListResult<Build> =>
  usePagedList<Build>(productBuildsKey(productId, { page: 1, perPage: BUILD_PICKER_SIZE }));
