import type { Product } from '../contract';
import { linksOf, remoteRoutes } from './page-table';

/** The licensing remote's routes (mfe-licensing): a product's licences and trials, reached from My Products. */
export const licensingRoutes = remoteRoutes({
  remote: 'licensing',
  pages: {
    productLicenses: {
      path: 'ProductLicenses/:productID/:productName/:productIdentifier',
      // A product without an identifier is `none` in the address.
      at: (product: Pick<Product, 'id' | 'name' | 'identifier'>) =>
        `ProductLicenses/${product.id}/${encodeURIComponent(product.name)}/${encodeURIComponent(product.identifier || 'none')}`,
    },
    productTrials: {
      path: 'ProductTrials/:productID/:productName',
      at: (product: Pick<Product, 'id' | 'name'>) => `ProductTrials/${product.id}/${encodeURIComponent(product.name)}`,
    },
  },
});

export const licensingLinks = linksOf(licensingRoutes);
