import type { Product } from '../contract';
import { linksOf, remoteRoutes } from './page-table';

/** The catalog remote's routes (mfe-catalog): products, builds, releases (docs/console.md, Products). */
export const catalogRoutes = remoteRoutes({
  remote: 'catalog',
  pages: {
    products: { path: 'MyProducts', at: () => 'MyProducts' },
    createProduct: { path: 'CreateProduct', at: () => 'CreateProduct' },
    updateProduct: {
      path: 'UpdateProduct/:productID',
      at: (product: Pick<Product, 'id'>) => `UpdateProduct/${product.id}`,
    },
    productBuilds: { path: 'ProductBuilds/:productID', at: (productId: number) => `ProductBuilds/${productId}` },
    buildDetails: {
      path: 'BuildDetails/:productID/:buildID',
      at: (productId: number, buildId: number) => `BuildDetails/${productId}/${buildId}`,
    },
    productReleases: {
      path: 'ProductReleases/:productID',
      at: (productId: number) => `ProductReleases/${productId}`,
    },
    createRelease: {
      path: 'CreateRelease/:productID/:buildIDs?',
      // The chosen builds stay readable in the address: `CreateRelease/4/7,9`.
      at: (productId: number, buildIds: number[] = []) =>
        buildIds.length ? `CreateRelease/${productId}/${buildIds.join(',')}` : `CreateRelease/${productId}`,
    },
    updateRelease: {
      path: 'UpdateRelease/:productID/:releaseID',
      at: (productId: number, releaseId: number) => `UpdateRelease/${productId}/${releaseId}`,
    },
    productLicensing: {
      path: 'ProductLicensing/:productID',
      at: (productId: number) => `ProductLicensing/${productId}`,
    },
  },
});

export const catalogLinks = linksOf(catalogRoutes);
