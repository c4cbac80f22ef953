import type { StoreName } from 'shared-kit';
import { useApiMutation, type ApiMutation } from 'shared-kit/data';
import { storeKeys } from './store-keys';

export interface StoreMappingRef {
  manufacturerId: number;
  store: StoreName;
  mappingId: number;
}

const deleteStoreMapping: ApiMutation<StoreMappingRef, null> = {
  name: 'delete-store-mapping',
  method: 'DELETE',
  path: ({ manufacturerId, store, mappingId }) => storeKeys.mapping(manufacturerId, store, mappingId),
  invalidates: ({ manufacturerId, store }) => [storeKeys.settings(manufacturerId, store)],
};

/** DELETE /manufacturers/{id}/stores/{store}/mappings/{mappingId}: later sales of that price are flagged. */
export const useDeleteStoreMapping = () => useApiMutation<StoreMappingRef, null>(deleteStoreMapping);
