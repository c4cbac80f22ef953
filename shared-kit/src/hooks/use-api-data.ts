import { useEffect } from 'react';
import useSWR from 'swr';
import { FALLBACK_PAGE_SIZE } from '../constants';
import type { Pagination } from '../contract/common';
import type { Query } from '../api/query-string';
import { useApiClient } from '../services/shell-services';

/** SPEC §8: a list whose fetch failed shows empty data, total 0, per page 25, one page. */
export const EMPTY_PAGINATION: Pagination = {
  records: { total: 0, per_page: FALLBACK_PAGE_SIZE },
  pages: { current: 1, previous: null, next: null, last: 1 },
};

interface PagedAnswer<T> {
  data: T[];
  pagination: Pagination;
}

/** One page of a list endpoint. `path` null waits (e.g. until an id is known). */
export function usePagedList<T>(path: string | null, query: Query) {
  const api = useApiClient();
  const { data, error, isLoading, mutate } = useSWR<PagedAnswer<T>>(path ? [path, query] : null, ([url, params]: [string, Query]) =>
    api.get<PagedAnswer<T>>(url, params),
  );
  useLoggedError(error, path);
  return {
    rows: error ? [] : (data?.data ?? []),
    pagination: error ? EMPTY_PAGINATION : (data?.pagination ?? EMPTY_PAGINATION),
    isLoading,
    error: error as Error | undefined,
    mutate,
  };
}

/** One object by its API path. A failed fetch is logged and leaves `data` empty (SPEC §8). */
export function useApiResource<T>(path: string | null) {
  const api = useApiClient();
  const { data, error, isLoading, mutate } = useSWR<T>(path ? [path] : null, ([url]: [string]) => api.get<T>(url));
  useLoggedError(error, path);
  return { data: error ? undefined : data, error: error as Error | undefined, isLoading, mutate };
}

function useLoggedError(error: unknown, path: string | null) {
  useEffect(() => {
    if (error) console.error(`Failed to load ${path}:`, error);
  }, [error, path]);
}
