import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { RouteDependencies } from '../route-dependencies';
import { endUserRoutes } from './end-users';
import { userExportRoutes } from './export';
import { userImportRoutes } from './imports';
import { userLicenseRoutes } from '../../licenses/routes/users/licenses';

/** /users/…: end users and their licences. */
export const usersRoutes: FastifyPluginAsyncTypebox<RouteDependencies> = async (app, dependencies) => {
  await app.register(endUserRoutes, dependencies);
  await app.register(userLicenseRoutes, dependencies);
  await app.register(userExportRoutes, dependencies);
  await app.register(userImportRoutes, dependencies);
};
