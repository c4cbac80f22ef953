import type { Product } from '../contract';
import { linksOf, remoteRoutes } from './page-table';

// The addresses apart from the routes: the catalog follows licensing's links, and bundles these two functions only.
const productLicenses = (product: Pick<Product, 'id' | 'name' | 'identifier'>) =>
  // A product without an identifier is `none` in the address.
  `ProductLicenses/${product.id}/${encodeURIComponent(product.name)}/${encodeURIComponent(product.identifier || 'none')}`;
const productTrials = (product: Pick<Product, 'id' | 'name'>) =>
  `ProductTrials/${product.id}/${encodeURIComponent(product.name)}`;

/** The licensing remote's routes (mfe-licensing): a product's licences and trials, reached from My Products. */
export const licensingRoutes = /*#__PURE__*/ remoteRoutes({
  remote: 'licensing',
  pages: {
    productLicenses: { path: 'ProductLicenses/:productID/:productName/:productIdentifier', at: productLicenses },
    productTrials: { path: 'ProductTrials/:productID/:productName', at: productTrials },
  },
});

export const licensingLinks = linksOf({
  pages: { productLicenses: { at: productLicenses }, productTrials: { at: productTrials } },
});
