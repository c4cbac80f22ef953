import type { UpdateWebhookEndpointBody, WebhookEndpoint } from 'shared-kit';
import { useApiMutation, webhookKeys, type ApiMutation } from 'shared-kit/data';

export interface WebhookEndpointChange {
  manufacturerId: number;
  endpointId: number;
  changes: UpdateWebhookEndpointBody;
}

const updateWebhookEndpoint: ApiMutation<WebhookEndpointChange, WebhookEndpoint> = {
  name: 'update-webhook-endpoint',
  method: 'PATCH',
  path: ({ manufacturerId, endpointId }) => webhookKeys.endpoint(manufacturerId, endpointId),
  body: ({ changes }) => changes,
  invalidates: ({ manufacturerId }) => webhookKeys.endpointsOf(manufacturerId),
};

/** PATCH /manufacturers/{id}/webhook-endpoints/{endpointId}: URL, event types, enabled. */
export const useUpdateWebhookEndpoint = () =>
  useApiMutation<WebhookEndpointChange, WebhookEndpoint>(updateWebhookEndpoint);
