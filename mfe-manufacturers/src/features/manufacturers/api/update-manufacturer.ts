import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import { useApiClient, useShellServices, type Manufacturer, type ManufacturerPatch } from 'shared-kit';
import { manufacturerPath } from './get-manufacturer';
import { MANUFACTURERS_PATH } from './get-manufacturers';

// shared-kit's data hooks key the cache by [path, ...]: match on the path.
const keyedBy = (path: string) => (key: unknown) => Array.isArray(key) && key[0] === path;

/** PATCH /manufacturers/{id} with the merged manufacturer object; the details and every list page then show the change. */
export function useUpdateManufacturer() {
  const api = useApiClient();
  const { session, refreshSession } = useShellServices();
  const { mutate } = useSWRConfig();
  return useCallback(
    async (id: number, changes: ManufacturerPatch): Promise<Manufacturer> => {
      const updated = await api.patch<Manufacturer>(manufacturerPath(id), changes);
      await mutate(keyedBy(manufacturerPath(id)), updated, { revalidate: false });
      void mutate(keyedBy(MANUFACTURERS_PATH));
      // The top bar shows the signed-in user's manufacturer name: renaming one's own shows at once.
      if (session?.manufacturer?.id === id) void refreshSession().catch(() => undefined);
      return updated;
    },
    [api, mutate, session, refreshSession],
  );
}
