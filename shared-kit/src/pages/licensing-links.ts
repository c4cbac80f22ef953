import type { Product } from '../contract';
import type { licensingRoutes } from './licensing-routes';
import type { PageLinks } from './page-table';

/** The links into the licensing remote's pages (licensing-routes.ts): the catalog follows them from My Products. */
export const licensingLinks = {
  productLicenses: (product: Pick<Product, 'id' | 'name' | 'identifier'>) =>
    // A product without an identifier is `none` in the address.
    `../ProductLicenses/${product.id}/${encodeURIComponent(product.name)}/${encodeURIComponent(product.identifier || 'none')}`,
  productTrials: (product: Pick<Product, 'id' | 'name'>) =>
    `../ProductTrials/${product.id}/${encodeURIComponent(product.name)}`,
} satisfies PageLinks<(typeof licensingRoutes)['pages']>;
