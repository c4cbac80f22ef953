import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AuditEventList, AuditEventListQuery, ErrorResponses } from 'shared-kit/contract';
import { toAuditEvent } from './audit-event-shape';
import { badRequest } from '../lib/http-error';
import { pageRequest, pagination } from '../lib/paging';
import { callerOf } from '../auth/principal';
import { listAuditEvents, type AuditEventFilter, type AuditScope } from './queries/audit-events';
import type { RouteDependencies } from '../lib/route-dependencies';

export const OBJECT_ID_NEEDS_TYPE = 'Choose the type of object (object_type) to filter by its id.';
export const RANGE_BACKWARDS = 'The start of the time range (from) must be before its end (to).';
export const notAnInstant = (name: string) =>
  `${name} must be a date and time between the years 1 and 9999, e.g. 2026-01-31T00:00:00Z.`;

/** The schema checks the shape; a leap second or year 0 passes it but is no instant JavaScript and PostgreSQL share. */
function instant(text: string | undefined, name: string): Date | undefined {
  if (text === undefined) return undefined;
  const date = new Date(text);
  const year = date.getUTCFullYear();
  if (Number.isNaN(date.getTime()) || year < 1 || year > 9999) throw badRequest(notAnInstant(name));
  return date;
}

/** /audit-events: History, newest first. */
export const auditEventsRoutes: FastifyPluginAsyncTypebox<RouteDependencies> = async (app, { db }) => {
  app.get(
    '/audit-events',
    {
      schema: {
        tags: ['history'],
        querystring: AuditEventListQuery,
        response: { 200: AuditEventList, ...ErrorResponses },
      },
    },
    async (request) => {
      const principal = callerOf(request);
      const { query } = request;
      if (query.object_id !== undefined && query.object_type === undefined) throw badRequest(OBJECT_ID_NEEDS_TYPE);
      const from = instant(query.from, 'from');
      const to = instant(query.to, 'to');
      if (from && to && from >= to) throw badRequest(RANGE_BACKWARDS);
      const filter: AuditEventFilter = {
        objectType: query.object_type,
        objectId: query.object_id === undefined ? undefined : String(BigInt(query.object_id)),
        actor: query.actor === undefined || query.actor === 'client' ? query.actor : Number(query.actor),
        action: query.action,
        from,
        to,
      };
      const scope: AuditScope =
        principal.manufacturerId === null ? { manufacturerLevel: true } : { manufacturerId: principal.manufacturerId };
      const page = pageRequest(query);
      const { rows, total } = await listAuditEvents(db, scope, filter, page);
      return { data: rows.map(toAuditEvent), pagination: pagination(total, page) };
    },
  );
};
