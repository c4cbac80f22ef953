import type { Product } from 'shared-kit';

/**
 * Where a product's row actions lead, relative to the catalog's routes (so the links work in the shell under
 * /Home and in a page that mounts the remote elsewhere). Licences and trials belong to the licensing remote.
 */
export const productLinks = {
  create: '../CreateProduct',
  list: '../MyProducts',
  edit: (product: Pick<Product, 'id'>) => `../UpdateProduct/${product.id}`,
  builds: (productId: number) => `../ProductBuilds/${productId}`,
  releases: (productId: number) => `../ProductReleases/${productId}`,
  licences: (product: Pick<Product, 'id' | 'name' | 'identifier'>) =>
    `../ProductLicenses/${product.id}/${encodeURIComponent(product.name)}/${encodeURIComponent(product.identifier || 'none')}`,
  trials: (product: Pick<Product, 'id' | 'name'>) =>
    `../ProductTrials/${product.id}/${encodeURIComponent(product.name)}`,
};
