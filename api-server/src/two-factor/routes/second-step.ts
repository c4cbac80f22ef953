import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  CODE_OR_RECOVERY_CODE,
  ErrorResponse,
  LoginResponse,
  SECOND_FACTOR_EXPIRED,
  SecondFactorBody,
  WRONG_CODE,
  WRONG_RECOVERY_CODE,
} from 'shared-kit/contract';
import type { Db } from '../../db/database';
import type { LoginLimits } from '../../auth/login-limits';
import { createSession } from '../../auth/sessions';
import { setSessionCookie } from '../../auth/session-cookie';
import { HttpError } from '../../lib/http-error';
import { recordAudit } from '../../audit/queries/audit-log';
import { findPendingSignIn, findTotpFactor, takePendingSignIn, takeTotpStep, useRecoveryCode } from '../queries';
import { decryptTotpSecret, totpStepOf } from '../totp';
import { hashRecoveryCode } from '../recovery-codes';
import { recordFailedCode, refuseWhileThrottled } from '../code-attempts';

export interface SecondStepRoutesOptions {
  db: Db;
  masterKey: Buffer;
  loginLimits: LoginLimits;
}

/**
 * The second step of a sign-in where a factor is enrolled: the pending token of a right password with a code of
 * the authenticator app or a recovery code makes the session. The token stays usable for another try after a
 * wrong code (within its five minutes and the login limits) and is used up by the right one.
 */
export const secondStepRoutes: FastifyPluginAsyncTypebox<SecondStepRoutesOptions> = async (
  app,
  { db, masterKey, loginLimits },
) => {
  app.post(
    '/systemusers/login/second-factor',
    {
      config: { public: true },
      schema: {
        tags: ['auth'],
        body: SecondFactorBody,
        response: { 200: LoginResponse, 400: ErrorResponse, 401: ErrorResponse, 429: ErrorResponse },
      },
    },
    async (request, reply) => {
      const { pending_token, code, recovery_code } = request.body;
      if ((code === undefined) === (recovery_code === undefined)) throw new HttpError(400, CODE_OR_RECOVERY_CODE);
      const pending = await findPendingSignIn(db, pending_token);
      if (!pending) throw new HttpError(401, SECOND_FACTOR_EXPIRED);
      const attempt = { ip: request.ip, email: pending.email, systemUserId: pending.system_user_id };
      if (await refuseWhileThrottled(db, loginLimits, reply, attempt)) return reply;

      const userId = pending.system_user_id;
      const actor = { systemUserId: userId };
      const audit = { manufacturerId: pending.manufacturer_id, entityType: 'system_user', entityId: userId };
      const accepted = await db.transaction().execute(async (trx) => {
        if (code !== undefined) {
          const factor = await findTotpFactor(trx, userId);
          if (!factor?.confirmed_at) return false;
          const step = totpStepOf(decryptTotpSecret(factor.secret_encrypted, masterKey), code);
          if (step === null || !(await takeTotpStep(trx, userId, step, false))) return false;
        } else {
          if (!(await useRecoveryCode(trx, userId, hashRecoveryCode(recovery_code!)))) return false;
          await recordAudit(trx, actor, { ...audit, action: 'two_factor.recovery_code_used' });
        }
        // A concurrent request with the same token: only the one that deletes it signs in; the other's code is kept.
        if (!(await takePendingSignIn(trx, pending.id))) throw new HttpError(401, SECOND_FACTOR_EXPIRED);
        return true;
      });
      if (!accepted) {
        await recordFailedCode(db, loginLimits, pending.email);
        await recordAudit(db, actor, {
          ...audit,
          action: 'two_factor.sign_in_failed',
          after: { method: code !== undefined ? 'totp' : 'recovery_code' },
        });
        throw new HttpError(401, code !== undefined ? WRONG_CODE : WRONG_RECOVERY_CODE);
      }
      const token = await createSession(db, userId, { userAgent: request.headers['user-agent'], address: request.ip });
      setSessionCookie(request, reply, token);
      return {
        token,
        access_level: pending.access_level,
        manufacturer:
          pending.manufacturer_id === null
            ? null
            : { id: pending.manufacturer_id, name: pending.manufacturer_name ?? '' },
      };
    },
  );
};
