import { DEPENDENCY_PICKER_SIZE, usePagedList, type ListState, type PagedListResult, type Product } from 'shared-kit';
import { productKeys } from 'shared-kit/data';

/** GET /products: one page, searched by identifier. */
export const productsKey = ({ search, page, perPage }: ListState) =>
  productKeys.list({ identifier: search, page, per_page: perPage });

/** The dependency choices (docs/console.md, Product form): the first 100 PluginOnly products. */
export const usePluginOnlyProducts = (): PagedListResult<Product> =>
  usePagedList<Product>(productKeys.list({ type: 'PluginOnly', page: 1, per_page: DEPENDENCY_PICKER_SIZE }));
