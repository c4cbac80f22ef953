import type { Product } from '../contract';
import { pageTable, linksOf } from './page-table';

const manufacturer = ['manufacturer'] as const;

/** The licensing remote's pages (mfe-licensing): a product's licences and trials, reached from My Products. */
export const licensingPages = pageTable({
  remote: 'licensing',
  title: 'Licenses',
  section: 'My Products',
  pages: {
    productLicenses: {
      path: 'ProductLicenses/:productID/:productName/:productIdentifier',
      access: manufacturer,
      // A product without an identifier is `none` in the address.
      at: (product: Pick<Product, 'id' | 'name' | 'identifier'>) =>
        `ProductLicenses/${product.id}/${encodeURIComponent(product.name)}/${encodeURIComponent(product.identifier || 'none')}`,
    },
    productTrials: {
      path: 'ProductTrials/:productID/:productName',
      access: manufacturer,
      at: (product: Pick<Product, 'id' | 'name'>) => `ProductTrials/${product.id}/${encodeURIComponent(product.name)}`,
    },
  },
});

export const licensingLinks = linksOf(licensingPages);
