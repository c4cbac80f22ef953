import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Dashboard, DashboardQuery, ErrorResponses } from 'shared-kit/contract';
import { callerOf } from '../auth/principal';
import { readDashboard } from './queries';
import type { RouteDependencies } from '../lib/route-dependencies';

/** /dashboard: the figures of the console's Dashboard (the staff's manufacturer, or the whole platform for the superuser). */
export const dashboardRoutes: FastifyPluginAsyncTypebox<RouteDependencies> = async (app, { db }) => {
  app.get(
    '/dashboard',
    { schema: { tags: ['dashboard'], querystring: DashboardQuery, response: { 200: Dashboard, ...ErrorResponses } } },
    async (request) => readDashboard(db, callerOf(request).manufacturerId, request.query.days ?? 30),
  );
};
