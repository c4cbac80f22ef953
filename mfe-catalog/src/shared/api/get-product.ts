import { productKeys, useApiResource, type Product, type ResourceResult } from 'shared-kit';

/** GET /products/{id}; `productId` null waits. */
export const useProduct = (productId: number | null): ResourceResult<Product> => useApiResource<Product>(productId === null ? null : productKeys.detail(productId));
