import { type Release, type ReleaseCreateBody } from 'shared-kit';
import { releaseKeys, useApiMutation, type ApiMutation } from 'shared-kit/data';

export interface NewRelease {
  productId: number;
  body: ReleaseCreateBody;
}

const createRelease: ApiMutation<NewRelease, Release> = {
  name: 'create-release',
  method: 'POST',
  path: ({ productId }) => releaseKeys.collection(productId),
  body: ({ body }) => body,
  invalidates: ({ productId }) => releaseKeys.allOf(productId),
};

/** POST /products/{id}/releases, then the product's release lists are fetched afresh. */
export const useCreateRelease = () => useApiMutation<NewRelease, Release>(createRelease);
