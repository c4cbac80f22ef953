import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { BuildFileList, ErrorResponses, ProductBuildParams } from 'shared-kit/contract';
import { toBuildFile } from '../../catalog/build-shape';
import { requireManufacturerStaff } from '../../auth/permissions';
import { listBuildFiles } from '../../catalog/queries/build-files';
import type { RouteDependencies } from '../../lib/route-dependencies';
import { requireBuild } from '../../catalog/lookups';

/** GET /clients/app/products/{id}/builds/{buildId}/files: a build's files with their download paths. */
export const clientAppBuildFileRoutes: FastifyPluginAsyncTypebox<RouteDependencies> = async (app, { db }) => {
  app.get(
    '/clients/app/products/:id/builds/:buildId/files',
    {
      schema: {
        tags: ['builds'],
        summary: "A build's files (a staff route: not part of the client API, despite its prefix)",
        description:
          "Needs a staff session or an API key with the `read` scope, like every builds route; the console lists a build's files with it. Plugins find their files in an update answer (`POST /clients/app/update-checks`).",
        params: ProductBuildParams,
        response: { 200: BuildFileList, ...ErrorResponses },
      },
    },
    async (request) => {
      const { manufacturerId } = requireManufacturerStaff(request);
      const { id: productId, buildId } = request.params;
      await requireBuild(db, manufacturerId, productId, buildId);
      const files = await listBuildFiles(db, manufacturerId, buildId);
      return files.map((file) => toBuildFile(file, productId, app.prefix));
    },
  );
};
