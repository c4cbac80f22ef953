import useSWR from 'swr';
import { useApiClient, type Build } from 'shared-kit';
import { buildKeys } from 'shared-kit/data';

/**
 * Each build of `buildIds`, fetched one by one (docs/console.md, Release form): a build that fails to load is logged
 * and skipped, so the others still make up the release.
 */
export function useBuildsByIds(productId: number | null, buildIds: number[]) {
  const api = useApiClient();
  const { data, isLoading } = useSWR(
    productId === null ? null : ['builds-by-ids', productId, buildIds.join(',')],
    async () => {
      const results = await Promise.allSettled(
        buildIds.map((buildId) => api.get<Build>(buildKeys.detail(productId!, buildId)[0])),
      );
      return results.flatMap((result, index) => {
        if (result.status === 'fulfilled') return [result.value];
        console.error(`Failed to load build ${buildIds[index]}:`, result.reason);
        return [];
      });
    },
  );
  return { builds: data ?? [], isLoading };
}
