import { LICENSE_PRODUCT_PICKER_SIZE, usePagedList, type Product } from 'shared-kit';
import { productKeys } from 'shared-kit/data';

/** GET /products: the first 250 products of the manufacturer, for the licence product picker. */
export function usePickerProducts(): ReturnType<typeof usePagedList<Product>> {
  return usePagedList<Product>(productKeys.list({ page: 1, per_page: LICENSE_PRODUCT_PICKER_SIZE }));
}
