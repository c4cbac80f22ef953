import { type Product, type ProductPatchBody } from 'shared-kit';
import { productKeys, useApiMutation, type ApiMutation } from 'shared-kit/data';

export interface ProductUpdate {
  productId: number;
  body: ProductPatchBody;
}

const updateProduct: ApiMutation<ProductUpdate, Product> = {
  name: 'update-product',
  method: 'PATCH',
  path: ({ productId }) => productKeys.detail(productId),
  body: ({ body }) => body,
  invalidates: ({ productId }) => [productKeys.lists(), productKeys.detail(productId)],
};

/** PATCH /products/{id}, then every product list and the product are fetched afresh. */
export const useUpdateProduct = () => useApiMutation<ProductUpdate, Product>(updateProduct);
