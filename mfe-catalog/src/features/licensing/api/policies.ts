import {
  useApiResource,
  type ResourceResult,
  type LicenseType,
  type Policy,
  type PolicyApplyResult,
  type PolicyBody,
  type PolicyList,
} from 'shared-kit';
import { policyKeys, useApiMutation, type ApiMutation } from 'shared-kit/data';

/** GET /products/{id}/policies */
export const usePolicies = (productId: number): ResourceResult<PolicyList> =>
  useApiResource<PolicyList>(policyKeys.policies(productId));

/** GET /products/{id}/policies/{type}/apply-preview; `licenseType` null waits. */
export const useApplyPreview = (
  productId: number,
  licenseType: LicenseType | null,
): ResourceResult<PolicyApplyResult> =>
  useApiResource<PolicyApplyResult>(licenseType === null ? null : policyKeys.applyPreview(productId, licenseType));

interface PolicyOf {
  productId: number;
  licenseType: LicenseType;
}

const savePolicy: ApiMutation<PolicyOf & { body: PolicyBody }, Policy> = {
  name: 'save-policy',
  method: 'PUT',
  path: ({ productId, licenseType }) => policyKeys.policy(productId, licenseType),
  body: ({ body }) => body,
  invalidates: ({ productId }) => [...policyKeys.allOf(productId), policyKeys.editions(productId)],
};
/** PUT /products/{id}/policies/{type} */
export const useSavePolicy = () => useApiMutation(savePolicy);

const removePolicy: ApiMutation<PolicyOf, null> = {
  name: 'remove-policy',
  method: 'DELETE',
  path: ({ productId, licenseType }) => policyKeys.policy(productId, licenseType),
  invalidates: ({ productId }) => policyKeys.allOf(productId),
};
/** DELETE /products/{id}/policies/{type} */
export const useRemovePolicy = () => useApiMutation(removePolicy);

const applyPolicy: ApiMutation<PolicyOf, PolicyApplyResult> = {
  name: 'apply-policy',
  method: 'POST',
  path: ({ productId, licenseType }) => policyKeys.apply(productId, licenseType),
  body: () => ({}),
  invalidates: ({ productId }) => [...policyKeys.allOf(productId), policyKeys.allTerms()],
};
/** POST /products/{id}/policies/{type}/apply: the type's existing licences take the policy. */
export const useApplyPolicy = () => useApiMutation(applyPolicy);
