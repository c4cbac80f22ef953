import { usePagedList, type Trial } from 'shared-kit';

export const trialListPath = (productId: number) => `/products/${productId}/trials`;

/** GET /products/{id}/trials: one page of a product's trials, optionally by part of the fingerprint. */
export function useTrials(productId: number, { page, perPage, fingerprint }: { page: number; perPage: number; fingerprint: string }): ReturnType<typeof usePagedList<Trial>> {
  return usePagedList<Trial>(trialListPath(productId), { page, per_page: perPage, hardware_fingerprint: fingerprint });
}
