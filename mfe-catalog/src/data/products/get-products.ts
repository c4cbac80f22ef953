import { DEPENDENCY_PICKER_SIZE, usePagedList, type Product, type ProductType } from 'shared-kit';
import { PRODUCTS_PATH } from './keys';
import type { PagedListResult } from '../results';

export interface ProductsQuery {
  identifier?: string;
  type?: ProductType;
  page: number;
  per_page: number;
}

/** GET /products: one page, searched by identifier, filtered by type. */
export const useProducts = (query: ProductsQuery): PagedListResult<Product> => usePagedList<Product>(PRODUCTS_PATH, { ...query });

/** The dependency choices of SPEC §2: the first 100 PluginOnly products. */
export const usePluginOnlyProducts = (): PagedListResult<Product> => useProducts({ type: 'PluginOnly', page: 1, per_page: DEPENDENCY_PICKER_SIZE });
