import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorResponses, IdParams, LicenseList, type LicenseListQuery, type PageQuery } from 'shared-kit/contract';
import { requireManufacturerStaff } from '../../auth/permissions';
import type { Db } from '../../db/database';
import { sendRawJson } from '../../lib/raw-json';
import { licenseList } from '../license-list';
import type { LicenseScope } from '../queries/licenses';

type RouteScope = Parameters<FastifyPluginAsyncTypebox>[0];

/** GET `url` (`/products/:id/licenses`, `/users/:id/licenses`): a page of the licences of what the path's id names. */
export function routeLicenseList(
  app: RouteScope,
  db: Db,
  url: string,
  querystring: typeof LicenseListQuery | typeof PageQuery,
  scopeOf: (id: number) => LicenseScope,
) {
  app.get(
    url,
    {
      schema: {
        tags: ['licenses'],
        params: IdParams,
        querystring,
        response: { 200: LicenseList, ...ErrorResponses },
      },
    },
    async (request, reply) => {
      const { manufacturerId } = requireManufacturerStaff(request);
      return sendRawJson(reply, await licenseList(db, manufacturerId, scopeOf(request.params.id), request.query));
    },
  );
}
