import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { CurrentUser, ErrorResponse, LoginAnswer, LoginBody } from 'shared-kit/contract';
import type { Db } from '../../../db/database';
import { verifyAgainstDummy, verifyPassword } from '../../../auth/password';
import { findSystemUserByEmail } from '../../queries/system-users';
import { createSession, revokeSession } from '../../../auth/sessions';
import { HttpError } from '../../../lib/http-error';
import { principalOf, type PrincipalCache } from '../../../auth/principal';
import { accountRetryAfter, loginRetryAfter, recordFailedLogin, type LoginLimits } from '../../../auth/login-limits';
import type { PasswordCheckGate } from '../../../auth/password-check-gate';
import { clearSessionCookie, setSessionCookie } from '../../../auth/session-cookie';
import { createPendingSignIn, secondFactorMethodsOf } from '../../../two-factor/queries';

export const INVALID_LOGIN = 'Invalid email or password.';

export const TOO_MANY_ATTEMPTS = (seconds: number) =>
  `Too many attempts. Please wait ${seconds} ${seconds === 1 ? 'second' : 'seconds'} and try again.`;
export const ACCOUNT_LOCKED = (seconds: number) =>
  `Too many failed sign-ins to this account from other places. Please wait ${Math.ceil(seconds / 60)} ${
    Math.ceil(seconds / 60) === 1 ? 'minute' : 'minutes'
  }, or sign in from a device you have used before.`;
export const SIGN_IN_BUSY = 'The server is busy with other sign-ins. Please try again in a moment.';

export interface SystemUserRoutesOptions {
  db: Db;
  sessionCache?: PrincipalCache;
  loginLimits: LoginLimits;
  passwordChecks: PasswordCheckGate;
}

export const systemUserRoutes: FastifyPluginAsyncTypebox<SystemUserRoutesOptions> = async (
  app,
  { db, sessionCache, loginLimits, passwordChecks },
) => {
  app.post(
    '/systemusers/login',
    {
      config: { public: true },
      schema: {
        tags: ['auth'],
        body: LoginBody,
        response: { 200: LoginAnswer, 401: ErrorResponse, 429: ErrorResponse, 503: ErrorResponse },
      },
    },
    async (request, reply) => {
      const { email, password } = request.body;
      const retryAfter = await loginRetryAfter(db, loginLimits, request.ip, email);
      if (retryAfter !== null)
        return reply
          .status(429)
          .header('Retry-After', retryAfter)
          .send({ message: [TOO_MANY_ATTEMPTS(retryAfter)] });
      const user = await findSystemUserByEmail(db, email);
      const accountWait = await accountRetryAfter(db, loginLimits, request.ip, email, user?.id);
      if (accountWait !== null)
        return reply
          .status(429)
          .header('Retry-After', accountWait)
          .send({ message: [ACCOUNT_LOCKED(accountWait)] });
      const valid = await passwordChecks.run(() =>
        user && !user.disabled ? verifyPassword(password, user.password_hash) : verifyAgainstDummy(password),
      );
      if (valid === undefined)
        return reply
          .status(503)
          .header('Retry-After', 1)
          .send({ message: [SIGN_IN_BUSY] });
      if (!user || !valid) {
        await recordFailedLogin(db, loginLimits, email);
        throw new HttpError(401, INVALID_LOGIN);
      }
      // Where a factor is enrolled the password earns no session, only the second step's token (two-factor/).
      const methods = await secondFactorMethodsOf(db, user.id);
      if (methods.length > 0) {
        const pending = await createPendingSignIn(db, user.id);
        return {
          second_factor_required: true as const,
          pending_token: pending.token,
          expires_at: pending.expiresAt.toISOString(),
          methods,
        };
      }
      const token = await createSession(db, user.id, { userAgent: request.headers['user-agent'], address: request.ip });
      setSessionCookie(request, reply, token);
      return {
        token,
        access_level: user.access_level,
        manufacturer:
          user.manufacturer_id === null ? null : { id: user.manufacturer_id, name: user.manufacturer_name ?? '' },
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
      clearSessionCookie(request, reply);
      return reply.status(204).send(null);
    },
  );

  app.get('/systemusers/me', { schema: { tags: ['auth'], response: { 200: CurrentUser } } }, async (request) => {
    const principal = principalOf(request);
    return {
      id: principal.systemUserId,
      email: principal.email,
      access_level: principal.accessLevel,
      manufacturer:
        principal.manufacturerId === null
          ? null
          : { id: principal.manufacturerId, name: principal.manufacturerName ?? '' },
      staff_role: principal.staffRole,
    };
  });
};
