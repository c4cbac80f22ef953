import { routeGroup } from '../route-dependencies';
import { webhookEndpointRoutes } from '../../webhooks/routes/webhook-endpoints';
import { webhookDeliveryRoutes } from '../../webhooks/routes/webhook-endpoints-deliveries';

/** /manufacturers/{id}/webhook-endpoints/…: a manufacturer's webhook endpoints and their deliveries. */
export const manufacturerWebhookRoutes = routeGroup(webhookEndpointRoutes, webhookDeliveryRoutes);
