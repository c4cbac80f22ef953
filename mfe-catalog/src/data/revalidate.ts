import { useCallback } from 'react';
import { useSWRConfig } from 'swr';

/**
 * Revalidates every cached API answer whose path passes `matches` (list and detail keys alike), so a change
 * shows everywhere it appears. Keys are `[path]` (useApiResource) or `[path, query]` (usePagedList).
 */
export function useRevalidateApiPaths() {
  const { mutate } = useSWRConfig();
  return useCallback(
    (matches: (path: string) => boolean) => mutate((key) => Array.isArray(key) && typeof key[0] === 'string' && matches(key[0]), undefined, { revalidate: true }),
    [mutate],
  );
}
