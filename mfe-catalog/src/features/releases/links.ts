import { catalogLinks } from 'shared-kit/pages';

/** Where the release pages lead (the catalog's page table in shared-kit/pages). */
export const releaseLinks = {
  list: catalogLinks.productReleases,
  create: (productId: number) => catalogLinks.createRelease(productId),
  edit: catalogLinks.updateRelease,
};
