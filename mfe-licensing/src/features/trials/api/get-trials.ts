import { type ListState } from 'shared-kit';
import { trialKeys } from 'shared-kit/data';

/** GET /products/{id}/trials: one page of a product's trials, optionally by part of the fingerprint. */
export const productTrialsKey = (productId: number, { page, perPage, search }: ListState) =>
  trialKeys.list(productId, { page, per_page: perPage, hardware_fingerprint: search });
