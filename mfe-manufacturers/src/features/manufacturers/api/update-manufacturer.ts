import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import { useShellServices, type Manufacturer, type ManufacturerPatch } from 'shared-kit';
import { manufacturerKeys, useApiMutation, type ApiMutation } from 'shared-kit/data';

export interface ManufacturerUpdate {
  id: number;
  changes: ManufacturerPatch;
}

const updateManufacturer: ApiMutation<ManufacturerUpdate, Manufacturer> = {
  name: 'update-manufacturer',
  method: 'PATCH',
  path: ({ id }) => manufacturerKeys.detail(id),
  body: ({ changes }) => changes,
  invalidates: () => [manufacturerKeys.lists()],
};

/** PATCH /manufacturers/{id} with the merged manufacturer object; the details and every list page then show the change. */
export function useUpdateManufacturer() {
  const { trigger, isMutating } = useApiMutation(updateManufacturer);
  const { session, refreshSession } = useShellServices();
  const { mutate } = useSWRConfig();
  const update = useCallback(
    async (id: number, changes: ManufacturerPatch): Promise<Manufacturer> => {
      const updated = await trigger({ id, changes });
      // The PATCH answers with the stored manufacturer: the details show it without asking again.
      await mutate(manufacturerKeys.detail(id), updated, { revalidate: false });
      // The top bar shows the signed-in user's manufacturer name: renaming one's own shows at once.
      if (session?.manufacturer?.id === id) void refreshSession().catch(() => undefined);
      return updated;
    },
    [trigger, mutate, session, refreshSession],
  );
  return { update, saving: isMutating };
}
