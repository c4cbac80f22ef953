import type { Product } from '../contract';
import type { catalogRoutes } from './catalog-routes';
import type { PageLinks } from './page-table';

/** The links into the catalog remote's pages (catalog-routes.ts), from what each page is about. */
export const catalogLinks = {
  products: () => '../MyProducts',
  createProduct: () => '../CreateProduct',
  updateProduct: (product: Pick<Product, 'id'>) => `../UpdateProduct/${product.id}`,
  productBuilds: (productId: number) => `../ProductBuilds/${productId}`,
  buildDetails: (productId: number, buildId: number) => `../BuildDetails/${productId}/${buildId}`,
  productReleases: (productId: number) => `../ProductReleases/${productId}`,
  // The chosen builds stay readable in the address: `CreateRelease/4/7,9`.
  createRelease: (productId: number, buildIds: number[] = []) =>
    buildIds.length ? `../CreateRelease/${productId}/${buildIds.join(',')}` : `../CreateRelease/${productId}`,
  updateRelease: (productId: number, releaseId: number) => `../UpdateRelease/${productId}/${releaseId}`,
  // Features, editions and licence policies, reached from the product's edit page (the products table's row actions are fixed).
  productLicensing: (productId: number) => `../ProductLicensing/${productId}`,
  // Reseller serial batches of the product, beside its Licensing (docs/selling.md, Reseller batches).
  productBatches: (productId: number) => `../ProductBatches/${productId}`,
} satisfies PageLinks<(typeof catalogRoutes)['pages']>;
