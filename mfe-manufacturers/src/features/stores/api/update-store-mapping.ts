import type { StoreMapping, UpdateStoreMappingBody } from 'shared-kit';
import { useApiMutation, type ApiMutation } from 'shared-kit/data';
import type { StoreMappingRef } from './delete-store-mapping';
import { storeKeys } from './store-keys';

export interface StoreMappingChange extends StoreMappingRef {
  body: UpdateStoreMappingBody;
}

const updateStoreMapping: ApiMutation<StoreMappingChange, StoreMapping> = {
  name: 'update-store-mapping',
  method: 'PUT',
  path: ({ manufacturerId, store, mappingId }) => storeKeys.mapping(manufacturerId, store, mappingId),
  body: ({ body }) => body,
  invalidates: ({ manufacturerId, store }) => [storeKeys.settings(manufacturerId, store)],
};

/** PUT /manufacturers/{id}/stores/{store}/mappings/{mappingId}: the mapping changed in place. */
export const useUpdateStoreMapping = () => useApiMutation<StoreMappingChange, StoreMapping>(updateStoreMapping);
