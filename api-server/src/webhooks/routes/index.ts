import { routeGroup } from '../../lib/route-dependencies';
import { webhookEndpointRoutes } from './webhook-endpoints';
import { webhookDeliveryRoutes } from './webhook-endpoints-deliveries';

/** /manufacturers/{id}/webhook-endpoints/…: a manufacturer's webhook endpoints and their deliveries. */
export const webhookRoutes = routeGroup(webhookEndpointRoutes, webhookDeliveryRoutes);
