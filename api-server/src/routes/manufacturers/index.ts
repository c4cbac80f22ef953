import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { RouteDependencies } from '../route-dependencies';
import { channelMembershipRoutes } from './channel-memberships';
import { channelRoutes } from './channels';
import { manufacturerExportRoutes } from './export';
import { manufacturerRoutes } from './manufacturers';
import { webhookEndpointRoutes } from '../../webhooks/routes/webhook-endpoints';
import { webhookDeliveryRoutes } from '../../webhooks/routes/webhook-endpoints-deliveries';

/** /manufacturers/…: manufacturers, their distribution channels and the channels' members, webhook endpoints. */
export const manufacturersRoutes: FastifyPluginAsyncTypebox<RouteDependencies> = async (app, dependencies) => {
  await app.register(manufacturerRoutes, dependencies);
  await app.register(channelRoutes, dependencies);
  await app.register(channelMembershipRoutes, dependencies);
  await app.register(webhookEndpointRoutes, dependencies);
  await app.register(webhookDeliveryRoutes, dependencies);
  await app.register(manufacturerExportRoutes, dependencies);
};
