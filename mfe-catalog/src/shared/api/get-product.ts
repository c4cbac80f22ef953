import { useApiResource, type Product, type ResourceResult } from 'shared-kit';
import { productKeys } from 'shared-kit/data';

/** GET /products/{id}; `productId` null waits. */
export const useProduct = (productId: number | null): ResourceResult<Product> =>
  useApiResource<Product>(productId === null ? null : productKeys.detail(productId));
