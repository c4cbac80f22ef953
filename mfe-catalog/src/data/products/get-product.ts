import { useApiResource, type Product } from 'shared-kit';
import { productPath } from './keys';
import type { ResourceResult } from '../results';

/** GET /products/{id}; `productId` null waits. */
export const useProduct = (productId: number | null): ResourceResult<Product> => useApiResource<Product>(productId === null ? null : productPath(productId));
