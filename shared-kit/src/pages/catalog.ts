import { catalogRoutes } from './catalog-routes';
import { pageTable } from './page-table';

const manufacturer = { access: ['manufacturer'] } as const;

/** The catalog's pages as the shell reads them: its routes (catalog-routes.ts), who opens them, its menu item. */
export const catalogPages = pageTable(catalogRoutes, {
  title: 'Products',
  section: 'My Products',
  pages: {
    products: { ...manufacturer, nav: { label: 'My Products', audience: 'manufacturer' } },
    createProduct: manufacturer,
    updateProduct: manufacturer,
    productBuilds: manufacturer,
    buildDetails: manufacturer,
    productReleases: manufacturer,
    createRelease: manufacturer,
    updateRelease: manufacturer,
    productLicensing: manufacturer,
    productBatches: manufacturer,
  },
});
