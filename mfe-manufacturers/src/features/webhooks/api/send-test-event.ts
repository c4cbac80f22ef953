import type { WebhookDelivery } from 'shared-kit';
import { useApiMutation, webhookKeys, type ApiMutation } from 'shared-kit/data';

export interface EndpointRef {
  manufacturerId: number;
  endpointId: number;
}

const sendTestEvent: ApiMutation<EndpointRef, WebhookDelivery> = {
  name: 'send-webhook-test-event',
  method: 'POST',
  path: ({ manufacturerId, endpointId }) => webhookKeys.test(manufacturerId, endpointId),
  body: () => ({}),
  invalidates: ({ manufacturerId, endpointId }) => [webhookKeys.deliveryLists(manufacturerId, endpointId)],
};

/** POST …/webhook-endpoints/{endpointId}/test: 202, a `webhook.test` event queued for this endpoint. */
export const useSendTestEvent = () => useApiMutation<EndpointRef, WebhookDelivery>(sendTestEvent);
