import { useCallback } from 'react';
import { useApiClient, type Release, type ReleaseCreateBody } from 'shared-kit';
import { useRevalidateApiPaths } from '../revalidate';
import { isReleasePathOf, productReleasesPath } from './keys';

/** POST /products/{id}/releases, then the product's release lists are fetched afresh. */
export function useCreateRelease() {
  const api = useApiClient();
  const revalidate = useRevalidateApiPaths();
  return useCallback(
    async (productId: number, body: ReleaseCreateBody) => {
      const release = await api.post<Release>(productReleasesPath(productId), body);
      await revalidate(isReleasePathOf(productId));
      return release;
    },
    [api, revalidate],
  );
}
