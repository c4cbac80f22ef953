import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { LicenseListQuery } from 'shared-kit/contract';
import type { RouteDependencies } from '../../../lib/route-dependencies';
import { routeLicenseList } from '../license-list-route';

/** GET /products/{id}/licenses: a product's licences, optionally only owners whose email contains `email`. */
export const productLicenseRoutes: FastifyPluginAsyncTypebox<RouteDependencies> = async (app, { db }) => {
  routeLicenseList(app, db, '/products/:id/licenses', LicenseListQuery, (productId) => ({ productId }));
};
