import { useApiResource, type ResourceResult, type WebhookEndpoint } from 'shared-kit';
import { webhookKeys } from 'shared-kit/data';

/** GET /manufacturers/{id}/webhook-endpoints/{endpointId}: the endpoint whose delivery log is shown. */
export const useWebhookEndpoint = (manufacturerId: number, endpointId: number): ResourceResult<WebhookEndpoint> =>
  useApiResource<WebhookEndpoint>(webhookKeys.endpoint(manufacturerId, endpointId));
