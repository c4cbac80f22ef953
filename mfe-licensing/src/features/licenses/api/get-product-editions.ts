import { useApiResource, type EditionList, type ResourceResult } from 'shared-kit';
import { policyKeys } from 'shared-kit/data';

/** GET /products/{id}/editions: the editions a licence of the product can be changed to (name order). */
export const useProductEditions = (productId: number): ResourceResult<EditionList> =>
  useApiResource<EditionList>(policyKeys.editions(productId));
