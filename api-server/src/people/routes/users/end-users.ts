import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  EndUser,
  EndUserBody,
  EndUserDetails,
  EndUserList,
  EndUserListQuery,
  ErrorResponses,
  IdParams,
} from 'shared-kit/contract';
import { pageRequest, pagination } from '../../../lib/paging';
import { conflict, notFound } from '../../../lib/http-error';
import { rawPage, sendRawJson } from '../../../lib/raw-json';
import { requireManufacturerStaff } from '../../../auth/permissions';
import { recordAudit } from '../../../audit/queries/audit-log';
import { joinReleaseChannel } from '../../queries/channel-memberships';
import {
  findEndUserDetailsJson,
  insertEndUser,
  isEmailTaken,
  listEndUsers,
  lockEndUser,
  updateEndUser,
  type EndUserFields,
  findEndUserJson,
} from '../../queries/end-users';
import type { RouteDependencies } from '../../../lib/route-dependencies';

export const USER_NOT_FOUND = 'User';
export const duplicateEmailMessage = (email: string) => `A user with the email ${email} already exists.`;

const UNIQUE_VIOLATION = '23505';
const isUniqueViolation = (error: unknown) => (error as { code?: unknown } | null)?.code === UNIQUE_VIOLATION;

/** The stored form of the body: trimmed email, an empty external ID means none. */
export function endUserFields(body: EndUserBody): EndUserFields {
  return { email: body.email.trim(), external_id: body.external_id?.trim() || null };
}

/** GET/POST /users, GET/PATCH /users/{id}: a manufacturer's end users (another tenant's answer 404). */
export const endUserRoutes: FastifyPluginAsyncTypebox<RouteDependencies> = async (app, { db }) => {
  app.get(
    '/users',
    { schema: { tags: ['users'], querystring: EndUserListQuery, response: { 200: EndUserList, ...ErrorResponses } } },
    async (request, reply) => {
      const { manufacturerId } = requireManufacturerStaff(request);
      const page = pageRequest(request.query);
      const { rowsJson, total } = await listEndUsers(
        db,
        manufacturerId,
        request.query.email?.trim() || undefined,
        page,
      );
      return sendRawJson(reply, rawPage(rowsJson, pagination(total, page)));
    },
  );

  app.get(
    '/users/:id',
    { schema: { tags: ['users'], params: IdParams, response: { 200: EndUserDetails, ...ErrorResponses } } },
    async (request, reply) => {
      const { manufacturerId } = requireManufacturerStaff(request);
      const details = await findEndUserDetailsJson(db, manufacturerId, request.params.id);
      if (!details) throw notFound(USER_NOT_FOUND);
      return sendRawJson(reply, details);
    },
  );

  app.post(
    '/users',
    { schema: { tags: ['users'], body: EndUserBody, response: { 201: EndUser, ...ErrorResponses } } },
    async (request, reply) => {
      const principal = requireManufacturerStaff(request);
      const { manufacturerId } = principal;
      const fields = endUserFields(request.body);
      const created = await db
        .transaction()
        .execute(async (trx) => {
          if (await isEmailTaken(trx, manufacturerId, fields.email))
            throw conflict(duplicateEmailMessage(fields.email));
          const user = await insertEndUser(trx, manufacturerId, fields);
          await joinReleaseChannel(trx, manufacturerId, user.id);
          await recordAudit(trx, principal, {
            manufacturerId,
            action: 'end_user.create',
            entityType: 'end_user',
            entityId: user.id,
            after: user,
          });
          return findEndUserJson(trx, manufacturerId, user.id);
        })
        .catch((error: unknown) => {
          // Two requests racing for the same email: the unique index decides, with the same clear message.
          throw isUniqueViolation(error) ? conflict(duplicateEmailMessage(fields.email)) : error;
        });
      return sendRawJson(reply.status(201), created!);
    },
  );

  app.patch(
    '/users/:id',
    {
      schema: {
        tags: ['users'],
        params: IdParams,
        body: EndUserBody,
        response: { 200: EndUser, ...ErrorResponses },
      },
    },
    async (request, reply) => {
      const principal = requireManufacturerStaff(request);
      const { manufacturerId } = principal;
      const { id } = request.params;
      const fields = endUserFields(request.body);
      const updated = await db
        .transaction()
        .execute(async (trx) => {
          const before = await lockEndUser(trx, manufacturerId, id);
          if (!before) throw notFound(USER_NOT_FOUND);
          // Saving an unchanged form changes nothing and leaves no audit entry.
          if (before.email === fields.email && before.external_id === fields.external_id)
            return findEndUserJson(trx, manufacturerId, id);
          if (await isEmailTaken(trx, manufacturerId, fields.email, id))
            throw conflict(duplicateEmailMessage(fields.email));
          const after = await updateEndUser(trx, manufacturerId, id, fields);
          if (!after) throw notFound(USER_NOT_FOUND);
          await recordAudit(trx, principal, {
            manufacturerId,
            action: 'end_user.update',
            entityType: 'end_user',
            entityId: id,
            before,
            after,
          });
          return findEndUserJson(trx, manufacturerId, id);
        })
        .catch((error: unknown) => {
          throw isUniqueViolation(error) ? conflict(duplicateEmailMessage(fields.email)) : error;
        });
      return sendRawJson(reply, updated!);
    },
  );
};
