import { useApiMutation, webhookKeys, type ApiMutation } from 'shared-kit/data';

export interface WebhookEndpointRef {
  manufacturerId: number;
  endpointId: number;
}

const deleteWebhookEndpoint: ApiMutation<WebhookEndpointRef, null> = {
  name: 'delete-webhook-endpoint',
  method: 'DELETE',
  path: ({ manufacturerId, endpointId }) => webhookKeys.endpoint(manufacturerId, endpointId),
  invalidates: ({ manufacturerId }) => webhookKeys.endpointsOf(manufacturerId),
};

/** DELETE /manufacturers/{id}/webhook-endpoints/{endpointId}: the endpoint and its delivery log. */
export const useDeleteWebhookEndpoint = () => useApiMutation<WebhookEndpointRef, null>(deleteWebhookEndpoint);
