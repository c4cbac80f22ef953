import type { CreateApiKeyBody, CreatedApiKey } from 'shared-kit';
import { useApiMutation, type ApiMutation } from 'shared-kit/data';
import { apiKeyKeys } from './api-key-keys';

export interface NewApiKey {
  manufacturerId: number;
  body: CreateApiKeyBody;
}

const createApiKey: ApiMutation<NewApiKey, CreatedApiKey> = {
  name: 'create-api-key',
  method: 'POST',
  path: ({ manufacturerId }) => apiKeyKeys.list(manufacturerId),
  body: ({ body }) => body,
  invalidates: ({ manufacturerId }) => [apiKeyKeys.listOf(manufacturerId)],
};

/** POST /manufacturers/{id}/api-keys: the answer carries the key's secret, the only time it is shown. */
export const useCreateApiKey = () => useApiMutation<NewApiKey, CreatedApiKey>(createApiKey);
