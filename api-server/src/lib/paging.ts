import type { Pagination } from 'shared-kit/contract';
import { FIRST_LOAD_PAGE_SIZE } from 'shared-kit/contract';

export interface PageRequest {
  page: number;
  perPage: number;
  offset: number;
}

export function pageRequest(query: { page?: number; per_page?: number }): PageRequest {
  const page = query.page ?? 1;
  const perPage = query.per_page ?? FIRST_LOAD_PAGE_SIZE;
  return { page, perPage, offset: (page - 1) * perPage };
}

/** The pagination block (docs/console.md, Lists) for `total` records. */
export function pagination(total: number, { page, perPage }: PageRequest): Pagination {
  const last = Math.max(1, Math.ceil(total / perPage));
  return {
    records: { total, per_page: perPage },
    pages: {
      current: page,
      previous: page > 1 ? Math.min(page - 1, last) : null,
      next: page < last ? page + 1 : null,
      last,
    },
  };
}
