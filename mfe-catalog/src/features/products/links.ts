import { catalogLinks, licensingLinks } from 'shared-kit/pages';

/**
 * Where a product's row actions lead (the page tables in shared-kit/pages). Licences and trials belong to the
 * licensing remote: its links, not paths written here.
 */
export const productLinks = {
  create: catalogLinks.createProduct(),
  list: catalogLinks.products(),
  edit: catalogLinks.updateProduct,
  builds: catalogLinks.productBuilds,
  releases: catalogLinks.productReleases,
  /** Features, editions and licence policies (from the product's edit page: the products table's row actions are fixed). */
  licensing: catalogLinks.productLicensing,
  licences: licensingLinks.productLicenses,
  trials: licensingLinks.productTrials,
};
