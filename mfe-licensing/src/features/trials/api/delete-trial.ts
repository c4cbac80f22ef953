import { useCallback } from 'react';
import { useSWRConfig, type Key } from 'swr';
import { inScope, trialKeys } from 'shared-kit/data';
import { useApiClient, type TrialList } from 'shared-kit';

/**
 * DELETE /products/{id}/trials/{trialId}. The trial leaves the list at once (docs/console.md, Trials); the lists are fetched
 * again afterwards, which also brings it back if the server refused.
 */
export function useDeleteTrial(productId: number) {
  const api = useApiClient();
  const { mutate } = useSWRConfig();
  return useCallback(
    async (trialId: number) => {
      const isTrialList = (key: Key) => inScope(trialKeys.lists(productId), key);
      const withoutTrial = (list: TrialList | undefined) =>
        list && {
          data: list.data.filter((trial) => trial.id !== trialId),
          pagination: {
            ...list.pagination,
            records: { ...list.pagination.records, total: Math.max(0, list.pagination.records.total - 1) },
          },
        };
      await mutate(isTrialList, withoutTrial, { revalidate: false });
      try {
        await api.delete(trialKeys.detail(productId, trialId)[0]);
      } finally {
        void mutate(isTrialList);
      }
    },
    [api, mutate, productId],
  );
}
