import { useCallback } from 'react';
import { useApiClient, type Product, type ProductCreateBody, type ProductPatchBody } from 'shared-kit';
import { useRevalidateApiPaths } from '../revalidate';
import { PRODUCTS_PATH, isProductPath, productPath } from './keys';

/** POST /products, then every product list and detail is fetched afresh. */
export function useCreateProduct() {
  const api = useApiClient();
  const revalidate = useRevalidateApiPaths();
  return useCallback(
    async (body: ProductCreateBody) => {
      const product = await api.post<Product>(PRODUCTS_PATH, body);
      await revalidate(isProductPath);
      return product;
    },
    [api, revalidate],
  );
}

/** PATCH /products/{id}, then every product list and detail is fetched afresh. */
export function useUpdateProduct() {
  const api = useApiClient();
  const revalidate = useRevalidateApiPaths();
  return useCallback(
    async (productId: number, body: ProductPatchBody) => {
      const product = await api.patch<Product>(productPath(productId), body);
      await revalidate(isProductPath);
      return product;
    },
    [api, revalidate],
  );
}
