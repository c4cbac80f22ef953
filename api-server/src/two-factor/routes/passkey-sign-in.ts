import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  ErrorResponse,
  LoginResponse,
  NO_PASSKEYS,
  PASSKEY_CHALLENGE_GONE,
  PASSKEY_NOT_RECOGNISED,
  PasskeyOptions,
  PasskeySignInBody,
  PasskeySignInOptionsBody,
  SECOND_FACTOR_EXPIRED,
} from 'shared-kit/contract';
import { HttpError } from '../../lib/http-error';
import { recordAudit } from '../../audit/queries/audit-log';
import { findPendingSignIn, takePendingSignIn } from '../queries';
import { keepChallenge, listPasskeys } from '../passkey-queries';
import { authenticationOptions } from '../webauthn';
import { checkPasskeyAnswer } from '../passkey-answer';
import { recordFailedCode, refuseWhileThrottled } from '../code-attempts';
import { signedIn } from '../signed-in';
import type { PasskeyDependencies } from './passkeys';

/**
 * "Use a passkey" in the sign-in's second step: options for the pending sign-in's user (a challenge kept with that
 * pending sign-in), then the passkey's answer makes the session. Wrong answers count like wrong codes.
 */
export const passkeySignInRoutes: FastifyPluginAsyncTypebox<PasskeyDependencies> = async (
  app,
  { db, loginLimits, relyingParty },
) => {
  app.post(
    '/systemusers/login/passkey-options',
    {
      config: { public: true },
      schema: {
        tags: ['auth'],
        body: PasskeySignInOptionsBody,
        response: { 200: PasskeyOptions, 401: ErrorResponse, 409: ErrorResponse },
      },
    },
    async (request) => {
      const pending = await findPendingSignIn(db, request.body.pending_token);
      if (!pending) throw new HttpError(401, SECOND_FACTOR_EXPIRED);
      const passkeys = await listPasskeys(db, pending.system_user_id);
      if (passkeys.length === 0) throw new HttpError(409, NO_PASSKEYS);
      const options = await authenticationOptions(relyingParty, passkeys);
      await keepChallenge(db, {
        value: options.challenge,
        systemUserId: pending.system_user_id,
        purpose: 'sign_in',
        pendingSignInId: pending.id,
      });
      return { options };
    },
  );

  app.post(
    '/systemusers/login/passkey',
    {
      config: { public: true },
      schema: {
        tags: ['auth'],
        body: PasskeySignInBody,
        response: { 200: LoginResponse, 401: ErrorResponse, 429: ErrorResponse },
      },
    },
    async (request, reply) => {
      const pending = await findPendingSignIn(db, request.body.pending_token);
      if (!pending) throw new HttpError(401, SECOND_FACTOR_EXPIRED);
      const userId = pending.system_user_id;
      if (
        await refuseWhileThrottled(db, loginLimits, reply, {
          ip: request.ip,
          email: pending.email,
          systemUserId: userId,
        })
      )
        return reply;
      const answer = { systemUserId: userId, purpose: 'sign_in' as const, pendingSignInId: pending.id };
      const result = await checkPasskeyAnswer(db, relyingParty, answer, request.body.response);
      if (result !== 'accepted') {
        await recordFailedCode(db, loginLimits, pending.email);
        // An answer to no live challenge was never checked against a passkey: counted, not audited.
        if (result === 'refused')
          await recordAudit(
            db,
            { systemUserId: userId },
            {
              manufacturerId: pending.manufacturer_id,
              entityType: 'system_user',
              entityId: userId,
              action: 'two_factor.sign_in_failed',
              after: { method: 'passkey' },
            },
          );
        throw new HttpError(401, result === 'challenge_gone' ? PASSKEY_CHALLENGE_GONE : PASSKEY_NOT_RECOGNISED);
      }
      if (!(await takePendingSignIn(db, pending.id))) throw new HttpError(401, SECOND_FACTOR_EXPIRED);
      return signedIn(db, request, reply, pending);
    },
  );
};
