import { usePagedList, type Trial } from 'shared-kit';
import { trialKeys } from 'shared-kit/data';

/** GET /products/{id}/trials: one page of a product's trials, optionally by part of the fingerprint. */
export function useTrials(productId: number, { page, perPage, fingerprint }: { page: number; perPage: number; fingerprint: string }): ReturnType<typeof usePagedList<Trial>> {
  return usePagedList<Trial>(trialKeys.list(productId, { page, per_page: perPage, hardware_fingerprint: fingerprint }));
}
