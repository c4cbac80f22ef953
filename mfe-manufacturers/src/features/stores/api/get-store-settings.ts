import { useApiResource, type ResourceResult, type StoreName, type StoreSettings } from 'shared-kit';
import { storeKeys } from './store-keys';

/** GET /manufacturers/{id}/stores/{store}: webhook path, whether a secret is set, the mapping, the last 20 events. */
export const useStoreSettings = (manufacturerId: number, store: StoreName): ResourceResult<StoreSettings> =>
  useApiResource<StoreSettings>(storeKeys.settings(manufacturerId, store));
