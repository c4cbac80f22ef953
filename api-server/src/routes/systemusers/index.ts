import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { CurrentUser, ErrorResponse, LoginBody, LoginResponse } from 'shared-kit/contract';
import type { Db } from '../../db/database';
import { verifyAgainstDummy, verifyPassword } from '../../auth/password';
import { findSystemUserByEmail } from '../../repositories/system-users';
import { createSession, revokeSession } from '../../repositories/sessions';
import { HttpError } from '../../lib/http-error';
import { principalOf, type PrincipalCache } from '../../plugins/auth';

export const INVALID_LOGIN = 'Invalid email or password.';

export interface SystemUserRoutesOptions {
  db: Db;
  sessionCache?: PrincipalCache;
  loginRateLimitPerMinute: number;
}

export const systemUserRoutes: FastifyPluginAsyncTypebox<SystemUserRoutesOptions> = async (app, { db, sessionCache, loginRateLimitPerMinute }) => {
  app.post(
    '/systemusers/login',
    {
      config: {
        public: true,
        rateLimit: {
          max: loginRateLimitPerMinute,
          timeWindow: '1 minute',
          // After body parsing, so the key can include the email.
          hook: 'preHandler',
          // Per address and account: one attacker cannot lock everyone out, nor try one account from one place.
          keyGenerator: (request) => {
            const email = (request.body as { email?: unknown } | undefined)?.email;
            return `${request.ip}|${typeof email === 'string' ? email.trim().toLowerCase() : ''}`;
          },
        },
      },
      schema: {
        tags: ['auth'],
        body: LoginBody,
        response: { 200: LoginResponse, 401: ErrorResponse, 429: ErrorResponse },
      },
    },
    async (request) => {
      const { email, password } = request.body;
      const user = await findSystemUserByEmail(db, email);
      const valid = user && !user.disabled ? await verifyPassword(password, user.password_hash) : await verifyAgainstDummy(password);
      if (!user || !valid) throw new HttpError(401, INVALID_LOGIN);
      const token = await createSession(db, user.id);
      return {
        token,
        access_level: user.access_level,
        manufacturer: user.manufacturer_id === null ? null : { id: user.manufacturer_id, name: user.manufacturer_name ?? '' },
      };
    },
  );

  app.post(
    '/systemusers/logout',
    { schema: { tags: ['auth'], response: { 204: Type.Null() } } },
    async (request, reply) => {
      const { sessionId } = principalOf(request);
      await revokeSession(db, sessionId);
      sessionCache?.evictSession(sessionId);
      return reply.status(204).send(null);
    },
  );

  app.get('/systemusers/me', { schema: { tags: ['auth'], response: { 200: CurrentUser } } }, async (request) => {
    const principal = principalOf(request);
    return {
      id: principal.systemUserId,
      email: principal.email,
      access_level: principal.accessLevel,
      manufacturer: principal.manufacturerId === null ? null : { id: principal.manufacturerId, name: principal.manufacturerName ?? '' },
    };
  });
};
