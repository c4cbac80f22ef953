import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  ErrorResponses,
  IdParams,
  Manufacturer,
  ManufacturerList,
  ManufacturerListQuery,
  ManufacturerPatch,
  manufacturerFieldProblems,
} from 'shared-kit/contract';
import type { ManufacturerRow, ManufacturerUpdate } from '../../../db/schema';
import {
  findManufacturerForUpdate,
  findManufacturerJson,
  listManufacturers,
  updateManufacturer,
} from '../../queries/manufacturers';
import { normalizeManufacturerFields } from '../../manufacturer-rules';
import { recordAudit } from '../../../audit/queries/audit-log';
import { pageRequest, pagination } from '../../../lib/paging';
import { rawPage, sendRawJson } from '../../../lib/raw-json';
import { badRequest, notFound } from '../../../lib/http-error';
import { assertNotEditedSince } from '../../../lib/edited-since';
import { callerOf, principalOf, type Caller } from '../../../auth/principal';
import { requireSuperuser } from '../../../auth/permissions';
import type { RouteDependencies } from '../../../lib/route-dependencies';

export const MANUFACTURER_NOT_FOUND = 'Manufacturer';

/** A superuser reaches every manufacturer; staff only their own (another's answers 404, like a missing one). */
function assertCanReach(principal: Caller, manufacturerId: number): void {
  if (principal.accessLevel !== 'superuser' && principal.manufacturerId !== manufacturerId)
    throw notFound(MANUFACTURER_NOT_FOUND);
}

const EDITABLE_FIELDS = ['name', 'address', 'phone', 'email', 'vat_id', 'country_code'] as const;
type EditableField = (typeof EDITABLE_FIELDS)[number];

/** Only the fields whose value really changes, with their old and new values (what the audit log keeps). */
function differences(before: ManufacturerRow, changes: ManufacturerUpdate) {
  const changed: EditableField[] = EDITABLE_FIELDS.filter(
    (field) => changes[field] !== undefined && changes[field] !== storedValue(before, field),
  );
  return {
    changed,
    before: Object.fromEntries(changed.map((field) => [field, storedValue(before, field)])),
    after: Object.fromEntries(changed.map((field) => [field, changes[field]])),
  };
}

// country_code is char(2): PostgreSQL pads it, so compare it trimmed.
const storedValue = (row: ManufacturerRow, field: EditableField) =>
  field === 'country_code' ? (row.country_code?.trim() ?? null) : row[field];

export const manufacturerRoutes: FastifyPluginAsyncTypebox<RouteDependencies> = async (app, { db }) => {
  app.get(
    '/manufacturers',
    {
      schema: {
        tags: ['manufacturers'],
        summary: 'Manufacturers, paged (superuser only)',
        querystring: ManufacturerListQuery,
        response: { 200: ManufacturerList, ...ErrorResponses },
      },
    },
    async (request, reply) => {
      requireSuperuser(request);
      const page = pageRequest(request.query);
      const { rowsJson, total } = await listManufacturers(db, request.query.search?.trim() || undefined, page);
      return sendRawJson(reply, rawPage(rowsJson, pagination(total, page)));
    },
  );

  app.get(
    '/manufacturers/:id',
    {
      schema: {
        tags: ['manufacturers'],
        summary: 'One manufacturer: any for a superuser, their own for manufacturer staff',
        params: IdParams,
        response: { 200: Manufacturer, ...ErrorResponses },
      },
    },
    async (request, reply) => {
      assertCanReach(callerOf(request), request.params.id);
      const manufacturer = await findManufacturerJson(db, request.params.id);
      if (!manufacturer) throw notFound(MANUFACTURER_NOT_FOUND);
      return sendRawJson(reply, manufacturer);
    },
  );

  app.patch(
    '/manufacturers/:id',
    {
      schema: {
        tags: ['manufacturers'],
        summary: 'Change a manufacturer: any for a superuser, their own for manufacturer staff; audited',
        params: IdParams,
        body: ManufacturerPatch,
        response: { 200: Manufacturer, ...ErrorResponses },
      },
    },
    async (request, reply) => {
      const principal = principalOf(request);
      const { id } = request.params;
      assertCanReach(principal, id);
      const problem = Object.values(manufacturerFieldProblems(request.body))[0];
      if (problem) throw badRequest(problem);
      const changes = normalizeManufacturerFields(request.body);
      const manufacturer = await db.transaction().execute(async (trx) => {
        const current = await findManufacturerForUpdate(trx, id);
        if (!current) throw notFound(MANUFACTURER_NOT_FOUND);
        const { changed, before, after } = differences(current, changes);
        // Saving what is already stored changes nothing: no new updated_at, no audit entry.
        if (changed.length > 0) {
          assertNotEditedSince(request.body.updated_at, current.updated_at, 'this manufacturer');
          await updateManufacturer(trx, id, Object.fromEntries(changed.map((field) => [field, changes[field]])));
          await recordAudit(trx, principal, {
            manufacturerId: id,
            action: 'manufacturer.update',
            entityType: 'manufacturer',
            entityId: id,
            before,
            after,
          });
        }
        return findManufacturerJson(trx, id);
      });
      return sendRawJson(reply, manufacturer!);
    },
  );
};
