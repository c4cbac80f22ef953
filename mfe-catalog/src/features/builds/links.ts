import { catalogLinks } from 'shared-kit/pages';

/** Where the build pages lead (the catalog's page table in shared-kit/pages). */
export const buildLinks = {
  list: catalogLinks.productBuilds,
  details: catalogLinks.buildDetails,
  createRelease: catalogLinks.createRelease,
};
