import type { Product } from '../contract';
import { pageTable, linksOf } from './page-table';

const manufacturer = ['manufacturer'] as const;

/** The catalog remote's pages (mfe-catalog): products, builds, releases (docs/console.md, Products). */
export const catalogPages = pageTable({
  remote: 'catalog',
  title: 'Products',
  section: 'My Products',
  pages: {
    products: {
      path: 'MyProducts',
      access: manufacturer,
      at: () => 'MyProducts',
      nav: { label: 'My Products', audience: 'manufacturer' },
    },
    createProduct: { path: 'CreateProduct', access: manufacturer, at: () => 'CreateProduct' },
    updateProduct: {
      path: 'UpdateProduct/:productID',
      access: manufacturer,
      at: (product: Pick<Product, 'id'>) => `UpdateProduct/${product.id}`,
    },
    productBuilds: {
      path: 'ProductBuilds/:productID',
      access: manufacturer,
      at: (productId: number) => `ProductBuilds/${productId}`,
    },
    buildDetails: {
      path: 'BuildDetails/:productID/:buildID',
      access: manufacturer,
      at: (productId: number, buildId: number) => `BuildDetails/${productId}/${buildId}`,
    },
    productReleases: {
      path: 'ProductReleases/:productID',
      access: manufacturer,
      at: (productId: number) => `ProductReleases/${productId}`,
    },
    createRelease: {
      path: 'CreateRelease/:productID/:buildIDs?',
      access: manufacturer,
      // The chosen builds stay readable in the address: `CreateRelease/4/7,9`.
      at: (productId: number, buildIds: number[] = []) =>
        buildIds.length ? `CreateRelease/${productId}/${buildIds.join(',')}` : `CreateRelease/${productId}`,
    },
    updateRelease: {
      path: 'UpdateRelease/:productID/:releaseID',
      access: manufacturer,
      at: (productId: number, releaseId: number) => `UpdateRelease/${productId}/${releaseId}`,
    },
  },
});

export const catalogLinks = linksOf(catalogPages);
