import { useEffect } from 'react';
import useSWR from 'swr';
import { FALLBACK_PAGE_SIZE } from '../constants';
import type { Pagination } from '../contract/common';
import type { Query } from '../api/query-string';
import { useApiClient } from '../services/shell-services';

/** docs/console.md, Lists: a list whose fetch failed shows empty data, total 0, per page 25, one page. */
export const EMPTY_PAGINATION: Pagination = {
  records: { total: 0, per_page: FALLBACK_PAGE_SIZE },
  pages: { current: 1, previous: null, next: null, last: 1 },
};

interface PagedAnswer<T> {
  data: T[];
  pagination: Pagination;
}

/**
 * One page of a list endpoint, by its key from a key factory (or its path and query). `null` waits (e.g. until an
 * id is known).
 */
export function usePagedList<T>(key: readonly [path: string, query: Query] | string | null, query: Query = {}) {
  const api = useApiClient();
  const listKey = typeof key === 'string' ? ([key, query] as const) : key;
  const path = listKey?.[0] ?? null;
  const { data, error, isLoading, mutate } = useSWR<PagedAnswer<T>>(
    listKey,
    ([url, params]: readonly [string, Query]) => api.get<PagedAnswer<T>>(url, params),
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

/** One object by its key from a key factory (or its path). A failed fetch is logged and leaves `data` empty (docs/console.md, Lists). */
export function useApiResource<T>(key: readonly [path: string] | string | null) {
  const api = useApiClient();
  const resourceKey = typeof key === 'string' ? ([key] as const) : key;
  const path = resourceKey?.[0] ?? null;
  const { data, error, isLoading, mutate } = useSWR<T>(resourceKey, ([url]: readonly [string]) => api.get<T>(url));
  useLoggedError(error, path);
  return { data: error ? undefined : data, error: error as Error | undefined, isLoading, mutate };
}

function useLoggedError(error: unknown, path: string | null) {
  useEffect(() => {
    if (error) console.error(`Failed to load ${path}:`, error);
  }, [error, path]);
}

/** What the data hooks return, for endpoint hooks that must name their return type. */
export type PagedListResult<T> = ReturnType<typeof usePagedList<T>>;
export type ResourceResult<T> = ReturnType<typeof useApiResource<T>>;
