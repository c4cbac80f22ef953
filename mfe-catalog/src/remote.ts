// The catalog remote's manifest: its routes (shared-kit/pages, catalogRoutes) bound to their components. Exposed as
// ./routes (the shell renders `default`) and ./mount (integrators call `mount`), see tools/webpack/create-app-config.js.
import { defineRemote, lazyPage } from 'shared-kit';
import { catalogRoutes } from 'shared-kit/pages';
import { ProductsPage } from './features/products/pages/ProductsPage';

// The first screen (MyProducts) comes with the manifest; every other page is fetched when first visited.
export const remote = defineRemote(catalogRoutes, {
  products: ProductsPage,
  createProduct: lazyPage(() =>
    import('./features/products/pages/ProductFormPages').then((page) => page.CreateProductPage),
  ),
  updateProduct: lazyPage(() =>
    import('./features/products/pages/ProductFormPages').then((page) => page.UpdateProductPage),
  ),
  productBuilds: lazyPage(() =>
    import('./features/builds/pages/ProductBuildsPage').then((page) => page.ProductBuildsPage),
  ),
  buildDetails: lazyPage(() =>
    import('./features/builds/pages/BuildDetailsPage').then((page) => page.BuildDetailsPage),
  ),
  productReleases: lazyPage(() =>
    import('./features/releases/pages/ProductReleasesPage').then((page) => page.ProductReleasesPage),
  ),
  createRelease: lazyPage(() =>
    import('./features/releases/pages/ReleaseFormPages').then((page) => page.CreateReleasePage),
  ),
  updateRelease: lazyPage(() =>
    import('./features/releases/pages/ReleaseFormPages').then((page) => page.UpdateReleasePage),
  ),
  productLicensing: lazyPage(() =>
    import('./features/licensing/pages/ProductLicensingPage').then((page) => page.ProductLicensingPage),
  ),
  productBatches: lazyPage(() =>
    import('./features/batches/pages/ProductBatchesPage').then((page) => page.ProductBatchesPage),
  ),
});

export default remote.Routes;
export const { mount } = remote;
