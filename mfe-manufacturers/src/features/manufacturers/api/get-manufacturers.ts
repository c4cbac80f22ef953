import { usePagedList, type Manufacturer } from 'shared-kit';

export const MANUFACTURERS_PATH = '/manufacturers';

export interface ManufacturersPage {
  page: number;
  perPage: number;
}

/** GET /manufacturers: one page of every manufacturer (superuser only). */
export function useManufacturers({ page, perPage }: ManufacturersPage): ReturnType<typeof usePagedList<Manufacturer>> {
  return usePagedList<Manufacturer>(MANUFACTURERS_PATH, { page, per_page: perPage });
}
