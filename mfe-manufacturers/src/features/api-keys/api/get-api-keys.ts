import { useApiResource, type ApiKeyList, type ResourceResult } from 'shared-kit';
import { apiKeyKeys } from './api-key-keys';

/** GET /manufacturers/{id}/api-keys: every key of the manufacturer, live ones first (never their secrets). */
export const useApiKeys = (manufacturerId: number): ResourceResult<ApiKeyList> =>
  useApiResource<ApiKeyList>(apiKeyKeys.list(manufacturerId));
