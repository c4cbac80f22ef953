import { useApiResource, type ResourceResult, type Feature, type FeatureBody, type FeatureList } from 'shared-kit';
import { policyKeys, useApiMutation, type ApiMutation } from 'shared-kit/data';

/** GET /products/{id}/features */
export const useFeatures = (productId: number): ResourceResult<FeatureList> =>
  useApiResource<FeatureList>(policyKeys.features(productId));

const addFeature: ApiMutation<{ productId: number; body: FeatureBody }, Feature> = {
  name: 'add-feature',
  method: 'POST',
  path: ({ productId }) => policyKeys.features(productId),
  body: ({ body }) => body,
  invalidates: ({ productId }) => [policyKeys.features(productId)],
};
/** POST /products/{id}/features */
export const useAddFeature = () => useApiMutation(addFeature);

const deleteFeature: ApiMutation<{ productId: number; featureId: number }, null> = {
  name: 'delete-feature',
  method: 'DELETE',
  path: ({ productId, featureId }) => policyKeys.feature(productId, featureId),
  invalidates: ({ productId }) => [policyKeys.features(productId)],
};
/** DELETE /products/{id}/features/{featureId} */
export const useDeleteFeature = () => useApiMutation(deleteFeature);
