import type { StoreName, StoreSettings } from 'shared-kit';
import { useApiMutation, type ApiMutation } from 'shared-kit/data';
import { storeKeys } from './store-keys';

export interface NewStoreSecret {
  manufacturerId: number;
  store: StoreName;
  secret: string;
}

const setStoreSecret: ApiMutation<NewStoreSecret, StoreSettings> = {
  name: 'set-store-secret',
  method: 'PUT',
  path: ({ manufacturerId, store }) => storeKeys.secret(manufacturerId, store),
  body: ({ secret }) => ({ secret }),
  invalidates: ({ manufacturerId, store }) => [storeKeys.settings(manufacturerId, store)],
};

/** PUT /manufacturers/{id}/stores/{store}/secret: sets or replaces the signing secret; it is never read back. */
export const useSetStoreSecret = () => useApiMutation<NewStoreSecret, StoreSettings>(setStoreSecret);
