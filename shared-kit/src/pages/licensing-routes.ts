import { remoteRoutes } from './page-table';

/**
 * The licensing remote's routes (mfe-licensing): a product's licences and trials, reached from My Products; a
 * manufacturer's orders and one order (docs/selling.md, "The console's Orders pages").
 */
export const licensingRoutes = remoteRoutes({
  remote: 'licensing',
  pages: {
    productLicenses: { path: 'ProductLicenses/:productID/:productName/:productIdentifier' },
    productTrials: { path: 'ProductTrials/:productID/:productName' },
    orders: { path: 'Orders' },
    manufacturerOrders: { path: 'ManufacturerOrders/:manufacturerID' },
    order: { path: 'Orders/:orderID' },
  },
});
