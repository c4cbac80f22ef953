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
  /** The signed-in staff's own manufacturer's orders (the menu's Orders). */
  orders: () => '../Orders',
  /** A manufacturer's orders as the superuser opens them, from the manufacturer's page. */
  manufacturerOrders: (manufacturerId: number) => `../ManufacturerOrders/${manufacturerId}`,
  order: (orderId: number) => `../Orders/${orderId}`,
} satisfies PageLinks<(typeof licensingRoutes)['pages']>;
