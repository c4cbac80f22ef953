import { remoteRoutes } from './page-table';

/** The catalog remote's routes (mfe-catalog): products, builds, releases (docs/console.md, Products). */
export const catalogRoutes = remoteRoutes({
  remote: 'catalog',
  pages: {
    products: { path: 'MyProducts' },
    createProduct: { path: 'CreateProduct' },
    updateProduct: { path: 'UpdateProduct/:productID' },
    productBuilds: { path: 'ProductBuilds/:productID' },
    buildDetails: { path: 'BuildDetails/:productID/:buildID' },
    productReleases: { path: 'ProductReleases/:productID' },
    createRelease: { path: 'CreateRelease/:productID/:buildIDs?' },
    updateRelease: { path: 'UpdateRelease/:productID/:releaseID' },
    productLicensing: { path: 'ProductLicensing/:productID' },
    productBatches: { path: 'ProductBatches/:productID' },
  },
});
