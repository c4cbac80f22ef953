import type { CreateStoreMappingBody, StoreMapping, StoreName } from 'shared-kit';
import { useApiMutation, type ApiMutation } from 'shared-kit/data';
import { storeKeys } from './store-keys';

export interface NewStoreMapping {
  manufacturerId: number;
  store: StoreName;
  body: CreateStoreMappingBody;
}

const createStoreMapping: ApiMutation<NewStoreMapping, StoreMapping> = {
  name: 'create-store-mapping',
  method: 'POST',
  path: ({ manufacturerId, store }) => storeKeys.mappings(manufacturerId, store),
  body: ({ body }) => body,
  invalidates: ({ manufacturerId, store }) => [storeKeys.settings(manufacturerId, store)],
};

/** POST /manufacturers/{id}/stores/{store}/mappings: this store price sells this product's licence type. */
export const useCreateStoreMapping = () => useApiMutation<NewStoreMapping, StoreMapping>(createStoreMapping);
