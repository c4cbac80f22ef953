import { useApiResource, type ResourceResult, type WebhookEndpoint } from 'shared-kit';
import { webhookKeys } from 'shared-kit/data';

interface EndpointList {
  data: WebhookEndpoint[];
}

/** GET /manufacturers/{id}/webhook-endpoints: every endpoint of the manufacturer (never their secrets). */
export const useWebhookEndpoints = (manufacturerId: number): ResourceResult<EndpointList> =>
  useApiResource<EndpointList>(webhookKeys.endpoints(manufacturerId));
