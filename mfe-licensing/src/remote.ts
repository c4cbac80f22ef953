// The licensing remote's manifest: its routes (shared-kit/pages, licensingRoutes) bound to their components. Exposed as
// ./routes and ./mount (tools/webpack/create-app-config.js); its webpack config adds ./license-table for mfe-users.
import { defineRemote, lazyPage } from 'shared-kit';
import { licensingRoutes } from 'shared-kit/pages';
import { ProductLicensesPage } from './features/licenses/pages/ProductLicensesPage';

// The licences page comes with the manifest; the trials and orders pages are fetched when first visited.
export const remote = defineRemote(licensingRoutes, {
  productLicenses: ProductLicensesPage,
  productTrials: lazyPage(() =>
    import('./features/trials/pages/ProductTrialsPage').then((page) => page.ProductTrialsPage),
  ),
  orders: lazyPage(() => import('./features/orders/pages/OrdersPages').then((page) => page.OrdersPage)),
  manufacturerOrders: lazyPage(() =>
    import('./features/orders/pages/OrdersPages').then((page) => page.ManufacturerOrdersPage),
  ),
  order: lazyPage(() => import('./features/orders/pages/OrderPage').then((page) => page.OrderPage)),
});

export default remote.Routes;
export const { mount } = remote;
