import { MAX_PAGE_SIZE, usePagedList, type PagedListResult, type Product } from 'shared-kit';
import { productKeys } from 'shared-kit/data';

/** The products a mapping may sell: the staff's own manufacturer's (GET /products, one page of the largest size). */
export const useMappableProducts = (): PagedListResult<Product> =>
  usePagedList<Product>(productKeys.list({ page: 1, per_page: MAX_PAGE_SIZE }));
