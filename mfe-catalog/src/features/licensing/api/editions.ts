import { useApiResource, type ResourceResult, type Edition, type EditionBody, type EditionList } from 'shared-kit';
import { policyKeys, useApiMutation, type ApiMutation } from 'shared-kit/data';

/** GET /products/{id}/editions */
export const useEditions = (productId: number): ResourceResult<EditionList> =>
  useApiResource<EditionList>(policyKeys.editions(productId));

const addEdition: ApiMutation<{ productId: number; body: EditionBody }, Edition> = {
  name: 'add-edition',
  method: 'POST',
  path: ({ productId }) => policyKeys.editions(productId),
  body: ({ body }) => body,
  invalidates: ({ productId }) => [policyKeys.editions(productId)],
};
/** POST /products/{id}/editions */
export const useAddEdition = () => useApiMutation(addEdition);

const deleteEdition: ApiMutation<{ productId: number; editionId: number }, null> = {
  name: 'delete-edition',
  method: 'DELETE',
  path: ({ productId, editionId }) => policyKeys.edition(productId, editionId),
  invalidates: ({ productId }) => [policyKeys.editions(productId)],
};
/** DELETE /products/{id}/editions/{editionId} */
export const useDeleteEdition = () => useApiMutation(deleteEdition);
