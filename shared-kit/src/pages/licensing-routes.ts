import { remoteRoutes } from './page-table';

/** The licensing remote's routes (mfe-licensing): a product's licences and trials, reached from My Products. */
export const licensingRoutes = remoteRoutes({
  remote: 'licensing',
  pages: {
    productLicenses: { path: 'ProductLicenses/:productID/:productName/:productIdentifier' },
    productTrials: { path: 'ProductTrials/:productID/:productName' },
  },
});
