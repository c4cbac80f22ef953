import { type ListState } from 'shared-kit';
import { releaseKeys } from 'shared-kit/data';

/** GET /products/{id}/releases: one page, each release with its builds and channels; `productId` null waits. */
export const productReleasesKey = (productId: number | null, { page, perPage }: ListState) =>
  productId === null ? null : releaseKeys.list(productId, { page, per_page: perPage });
