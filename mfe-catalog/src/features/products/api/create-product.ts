import { productKeys, useApiMutation, type ApiMutation, type Product, type ProductCreateBody } from 'shared-kit';

const createProduct: ApiMutation<ProductCreateBody, Product> = {
  name: 'create-product',
  method: 'POST',
  path: () => productKeys.collection(),
  body: (body) => body,
  invalidates: () => [productKeys.lists()],
};

/** POST /products, then every product list is fetched afresh. */
export const useCreateProduct = () => useApiMutation(createProduct);
