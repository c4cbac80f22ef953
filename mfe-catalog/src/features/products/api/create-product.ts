import { type Product, type ProductCreateBody } from 'shared-kit';
import { productKeys, useApiMutation, type ApiMutation } from 'shared-kit/data';

const createProduct: ApiMutation<ProductCreateBody, Product> = {
  name: 'create-product',
  method: 'POST',
  path: () => productKeys.collection(),
  body: (body) => body,
  invalidates: () => [productKeys.lists()],
};

/** POST /products, then every product list is fetched afresh. */
export const useCreateProduct = () => useApiMutation<ProductCreateBody, Product>(createProduct);
