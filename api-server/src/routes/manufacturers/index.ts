import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorResponse, IdParams, Manufacturer, ManufacturerList, ManufacturerListQuery, ManufacturerPatch } from 'shared-kit/contract';
import type { Db } from '../../db/database';
import type { ManufacturerUpdate } from '../../db/schema';
import { findManufacturer, listManufacturers, updateManufacturer } from '../../repositories/manufacturers';
import { recordAudit } from '../../repositories/audit-log';
import { pageRequest, pagination } from '../../lib/paging';
import { notFound } from '../../lib/http-error';
import { principalOf, requireSuperuser, type Principal } from '../../plugins/auth';

export const MANUFACTURER_NOT_FOUND = 'Manufacturer';

/** A superuser reaches every manufacturer; staff only their own (another's answers 404, like a missing one). */
function assertCanReach(principal: Principal, manufacturerId: number): void {
  if (principal.accessLevel !== 'superuser' && principal.manufacturerId !== manufacturerId) throw notFound(MANUFACTURER_NOT_FOUND);
}

/** Empty text from the form means "no value". */
const blankToNull = (value: string | null | undefined) => (value === undefined ? undefined : value?.trim() ? value.trim() : null);

export function manufacturerChanges(body: ManufacturerPatch): ManufacturerUpdate {
  const changes: ManufacturerUpdate = {};
  if (body.name !== undefined) changes.name = body.name.trim();
  for (const field of ['address', 'phone', 'email', 'vat_id'] as const) {
    const value = blankToNull(body[field]);
    if (value !== undefined) changes[field] = value;
  }
  const countryCode = blankToNull(body.country_code);
  if (countryCode !== undefined) changes.country_code = countryCode?.toUpperCase() ?? null;
  return changes;
}

export const manufacturerRoutes: FastifyPluginAsyncTypebox<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/manufacturers',
    { schema: { tags: ['manufacturers'], querystring: ManufacturerListQuery, response: { 200: ManufacturerList, 403: ErrorResponse } } },
    async (request) => {
      requireSuperuser(request);
      const page = pageRequest(request.query);
      const { rows, total } = await listManufacturers(db, request.query.search?.trim() || undefined, page);
      return { data: rows.map(toManufacturer), pagination: pagination(total, page) };
    },
  );

  app.get(
    '/manufacturers/:id',
    { schema: { tags: ['manufacturers'], params: IdParams, response: { 200: Manufacturer, 404: ErrorResponse } } },
    async (request) => {
      assertCanReach(principalOf(request), request.params.id);
      const manufacturer = await findManufacturer(db, request.params.id);
      if (!manufacturer) throw notFound(MANUFACTURER_NOT_FOUND);
      return toManufacturer(manufacturer);
    },
  );

  app.patch(
    '/manufacturers/:id',
    {
      schema: {
        tags: ['manufacturers'],
        params: IdParams,
        body: ManufacturerPatch,
        response: { 200: Manufacturer, 400: ErrorResponse, 404: ErrorResponse },
      },
    },
    async (request) => {
      const principal = principalOf(request);
      const { id } = request.params;
      assertCanReach(principal, id);
      return db.transaction().execute(async (trx) => {
        const before = await trx.selectFrom('manufacturers').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
        if (!before) throw notFound(MANUFACTURER_NOT_FOUND);
        const after = await updateManufacturer(trx, id, manufacturerChanges(request.body));
        if (!after) throw notFound(MANUFACTURER_NOT_FOUND);
        await recordAudit(trx, principal, { manufacturerId: id, action: 'manufacturer.update', entityType: 'manufacturer', entityId: id, before, after });
        return toManufacturer(after);
      });
    },
  );
};

function toManufacturer<T extends { created_at: Date; updated_at: Date; country_code: string | null }>(row: T) {
  return { ...row, country_code: row.country_code?.trim() ?? null, created_at: row.created_at.toISOString(), updated_at: row.updated_at.toISOString() };
}
