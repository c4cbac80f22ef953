import type { WebhookDelivery } from 'shared-kit';
import { useApiMutation, webhookKeys, type ApiMutation } from 'shared-kit/data';

export interface DeliveryRef {
  manufacturerId: number;
  endpointId: number;
  deliveryId: number;
}

const redeliverWebhook: ApiMutation<DeliveryRef, WebhookDelivery> = {
  name: 'redeliver-webhook',
  method: 'POST',
  path: ({ manufacturerId, endpointId, deliveryId }) => webhookKeys.redeliver(manufacturerId, endpointId, deliveryId),
  body: () => ({}),
  invalidates: ({ manufacturerId, endpointId }) => [webhookKeys.deliveryLists(manufacturerId, endpointId)],
};

/** POST …/deliveries/{deliveryId}/redeliver: 202, the same event queued again as a new log row. */
export const useRedeliverWebhook = () => useApiMutation<DeliveryRef, WebhookDelivery>(redeliverWebhook);
