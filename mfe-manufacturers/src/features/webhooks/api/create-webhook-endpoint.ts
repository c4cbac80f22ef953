import type { CreateWebhookEndpointBody, CreatedWebhookEndpoint } from 'shared-kit';
import { useApiMutation, webhookKeys, type ApiMutation } from 'shared-kit/data';

export interface NewWebhookEndpoint {
  manufacturerId: number;
  body: CreateWebhookEndpointBody;
}

const createWebhookEndpoint: ApiMutation<NewWebhookEndpoint, CreatedWebhookEndpoint> = {
  name: 'create-webhook-endpoint',
  method: 'POST',
  path: ({ manufacturerId }) => webhookKeys.endpoints(manufacturerId),
  body: ({ body }) => body,
  invalidates: ({ manufacturerId }) => webhookKeys.endpointsOf(manufacturerId),
};

/** POST /manufacturers/{id}/webhook-endpoints: the answer carries the signing secret, the only time it is shown. */
export const useCreateWebhookEndpoint = () =>
  useApiMutation<NewWebhookEndpoint, CreatedWebhookEndpoint>(createWebhookEndpoint);
