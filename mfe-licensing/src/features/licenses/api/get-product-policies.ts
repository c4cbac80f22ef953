import { useApiResource, type PolicyList, type ResourceResult } from 'shared-kit';
import { policyKeys } from 'shared-kit/data';

/** GET /products/{id}/policies: what Renew may offer (a time-limited type's duration). */
export const useProductPolicies = (productId: number): ResourceResult<PolicyList> =>
  useApiResource<PolicyList>(policyKeys.policies(productId));
