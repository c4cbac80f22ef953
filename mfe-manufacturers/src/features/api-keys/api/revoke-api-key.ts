import type { ApiKey } from 'shared-kit';
import { useApiMutation, type ApiMutation } from 'shared-kit/data';
import { apiKeyKeys } from './api-key-keys';

export interface ApiKeyRef {
  manufacturerId: number;
  keyId: number;
}

const revokeApiKey: ApiMutation<ApiKeyRef, ApiKey> = {
  name: 'revoke-api-key',
  method: 'POST',
  path: ({ manufacturerId, keyId }) => apiKeyKeys.revoke(manufacturerId, keyId),
  body: () => ({}),
  invalidates: ({ manufacturerId }) => [apiKeyKeys.listOf(manufacturerId)],
};

/** POST /manufacturers/{id}/api-keys/{keyId}/revoke: refused at once by every server. */
export const useRevokeApiKey = () => useApiMutation<ApiKeyRef, ApiKey>(revokeApiKey);
