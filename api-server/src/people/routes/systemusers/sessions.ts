import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import {
  CURRENT_SESSION_NOT_ENDED,
  ErrorResponse,
  IdParams,
  SESSION_NOT_FOUND,
  SessionsEnded,
  StaffSessionList,
  StaffSessionParams,
} from 'shared-kit/contract';
import type { Db } from '../../../db/database';
import { principalOf, type PrincipalCache } from '../../../auth/principal';
import { requireSuperuser } from '../../../auth/permissions';
import { endSessionOfUser, endSessionsOfUser, listLiveSessions } from '../../../auth/user-sessions';
import { HttpError } from '../../../lib/http-error';
import { recordAudit } from '../../../audit/queries/audit-log';

export interface StaffSessionRoutesOptions {
  db: Db;
  sessionCache?: PrincipalCache;
  idleMinutes: number;
}

export const SYSTEM_USER_NOT_FOUND = 'System user not found.';

/**
 * "My sessions": a staff member lists their live sessions and ends one or all others; the Super User ends every
 * session of a system user. Ending is a revocation in the database, which every instance's session cache hears
 * of (migration 0003); this instance also forgets the sessions at once.
 */
export const staffSessionRoutes: FastifyPluginAsyncTypebox<StaffSessionRoutesOptions> = async (
  app,
  { db, sessionCache, idleMinutes },
) => {
  app.get(
    '/systemusers/me/sessions',
    { schema: { tags: ['auth'], response: { 200: StaffSessionList } } },
    async (request) => {
      const principal = principalOf(request);
      const rows = await listLiveSessions(db, principal.systemUserId, idleMinutes);
      return {
        data: rows.map((row) => ({
          id: row.id,
          user_agent: row.user_agent,
          address: row.address,
          signed_in_at: row.created_at.toISOString(),
          last_used_at: row.last_used_at.toISOString(),
          current: row.id === principal.sessionId,
        })),
      };
    },
  );

  app.delete(
    '/systemusers/me/sessions/:sessionId',
    {
      schema: {
        tags: ['auth'],
        params: StaffSessionParams,
        response: { 204: Type.Null(), 404: ErrorResponse, 409: ErrorResponse },
      },
    },
    async (request, reply) => {
      const principal = principalOf(request);
      const { sessionId } = request.params;
      if (sessionId === principal.sessionId) throw new HttpError(409, CURRENT_SESSION_NOT_ENDED);
      if (!(await endSessionOfUser(db, principal.systemUserId, sessionId))) throw new HttpError(404, SESSION_NOT_FOUND);
      sessionCache?.evictSession(sessionId);
      return reply.status(204).send(null);
    },
  );

  app.delete(
    '/systemusers/me/sessions',
    { schema: { tags: ['auth'], response: { 200: SessionsEnded } } },
    async (request) => {
      const principal = principalOf(request);
      const ended = await endSessionsOfUser(db, principal.systemUserId, principal.sessionId);
      for (const sessionId of ended) sessionCache?.evictSession(sessionId);
      return { ended: ended.length };
    },
  );

  app.delete(
    '/systemusers/:id/sessions',
    {
      schema: {
        tags: ['auth'],
        params: IdParams,
        response: { 200: SessionsEnded, 403: ErrorResponse, 404: ErrorResponse },
      },
    },
    async (request) => {
      const superuser = requireSuperuser(request);
      const { id } = request.params;
      const ended = await db.transaction().execute(async (trx) => {
        const user = await trx
          .selectFrom('system_users')
          .select(['id', 'manufacturer_id'])
          .where('id', '=', id)
          .forUpdate()
          .executeTakeFirst();
        if (!user) throw new HttpError(404, SYSTEM_USER_NOT_FOUND);
        // The Super User's own current session stays: signing out is how to end that one.
        const keep = id === superuser.systemUserId ? superuser.sessionId : undefined;
        const ended = await endSessionsOfUser(trx, id, keep);
        await recordAudit(trx, superuser, {
          manufacturerId: user.manufacturer_id,
          action: 'system_user.sessions_end',
          entityType: 'system_user',
          entityId: id,
          after: { ended: ended.length },
        });
        return ended;
      });
      for (const sessionId of ended) sessionCache?.evictSession(sessionId);
      return { ended: ended.length };
    },
  );
};
