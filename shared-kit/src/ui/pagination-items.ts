import { PAGINATION_ALL_PAGES_UP_TO } from '../constants';

export type PaginationItem = number | 'ellipsis';

const range = (from: number, to: number): number[] => Array.from({ length: to - from + 1 }, (_, index) => from + index);

/**
 * The page buttons to show (docs/console.md, Lists): every page when there are few, otherwise the first page, the last page,
 * a window around the current page and 'ellipsis' for the gaps, always PAGINATION_ALL_PAGES_UP_TO items.
 */
export function paginationItems(current: number, last: number): PaginationItem[] {
  const lastPage = Math.max(1, Math.floor(last));
  if (lastPage <= PAGINATION_ALL_PAGES_UP_TO) return range(1, lastPage);

  const page = Math.min(Math.max(1, Math.floor(current)), lastPage);
  // Near an edge: a run of pages from that edge, one ellipsis and the page at the other end.
  const edgeBlock = PAGINATION_ALL_PAGES_UP_TO - 2;
  // In the middle: first, ellipsis, the window, ellipsis, last; the window is centred on the current page.
  const windowHalf = Math.floor((PAGINATION_ALL_PAGES_UP_TO - 4 - 1) / 2);

  if (page <= edgeBlock - windowHalf) return [...range(1, edgeBlock), 'ellipsis', lastPage];
  if (page >= lastPage - edgeBlock + windowHalf + 1)
    return [1, 'ellipsis', ...range(lastPage - edgeBlock + 1, lastPage)];
  return [1, 'ellipsis', ...range(page - windowHalf, page + windowHalf), 'ellipsis', lastPage];
}
