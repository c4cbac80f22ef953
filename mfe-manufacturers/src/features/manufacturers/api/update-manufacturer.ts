import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import { useApiClient, type Manufacturer, type ManufacturerPatch } from 'shared-kit';
import { manufacturerPath } from './get-manufacturer';
import { MANUFACTURERS_PATH } from './get-manufacturers';

// shared-kit's data hooks key the cache by [path, ...]: match on the path.
const keyedBy = (path: string) => (key: unknown) => Array.isArray(key) && key[0] === path;

/** PATCH /manufacturers/{id} with the merged manufacturer object; the details and every list page then show the change. */
export function useUpdateManufacturer() {
  const api = useApiClient();
  const { mutate } = useSWRConfig();
  return useCallback(
    async (id: number, changes: ManufacturerPatch): Promise<Manufacturer> => {
      const updated = await api.patch<Manufacturer>(manufacturerPath(id), changes);
      await mutate(keyedBy(manufacturerPath(id)), updated, { revalidate: false });
      void mutate(keyedBy(MANUFACTURERS_PATH));
      return updated;
    },
    [api, mutate],
  );
}
