import { useCallback } from 'react';
import { useSWRConfig, type Key } from 'swr';
import { useApiClient, type TrialList } from 'shared-kit';
import { trialListPath } from './get-trials';

/**
 * DELETE /products/{id}/trials/{trialId}. The trial leaves the list at once (SPEC §2); the lists are fetched
 * again afterwards, which also brings it back if the server refused.
 */
export function useDeleteTrial(productId: number) {
  const api = useApiClient();
  const { mutate } = useSWRConfig();
  return useCallback(
    async (trialId: number) => {
      const isTrialList = (key: Key) => Array.isArray(key) && key[0] === trialListPath(productId);
      const withoutTrial = (list: TrialList | undefined) =>
        list && {
          data: list.data.filter((trial) => trial.id !== trialId),
          pagination: { ...list.pagination, records: { ...list.pagination.records, total: Math.max(0, list.pagination.records.total - 1) } },
        };
      await mutate(isTrialList, withoutTrial, { revalidate: false });
      try {
        await api.delete(`/products/${productId}/trials/${trialId}`);
      } finally {
        void mutate(isTrialList);
      }
    },
    [api, mutate, productId],
  );
}
