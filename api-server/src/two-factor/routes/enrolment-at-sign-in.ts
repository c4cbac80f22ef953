import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  EnrolledSignIn,
  EnrolmentPasskeyBody,
  EnrolmentStartBody,
  EnrolmentTotpConfirmBody,
  ErrorResponse,
  LoginResponse,
  PASSKEY_CHALLENGE_GONE,
  PASSKEY_NAME_BLANK,
  PASSKEY_NOT_CREATED,
  PasskeyOptions,
  SECOND_FACTOR_EXPIRED,
  TOTP_ALREADY_ENABLED,
  TOTP_NOT_STARTED,
  TotpEnrolment,
  WRONG_CODE,
} from 'shared-kit/contract';
import { HttpError } from '../../lib/http-error';
import { recordAudit } from '../../audit/queries/audit-log';
import { findPendingSignIn, findTotpFactor, startTotpEnrolment, takePendingSignIn, takeTotpStep } from '../queries';
import { addPasskey, keepChallenge, listPasskeys, takeChallenge } from '../passkey-queries';
import { challengeOf, checkRegistration, registrationOptions } from '../webauthn';
import { decryptTotpSecret, encryptTotpSecret, newTotpSecret, otpauthUri, qrSvg, totpStepOf } from '../totp';
import { recordFailedCode, refuseWhileThrottled } from '../code-attempts';
import { signedIn } from '../signed-in';
import { issueRecoveryCodes } from './enrolment';
import type { PasskeyDependencies } from './passkeys';

// Named constants so the audit-actions test finds what this file writes.
const TOTP_ENABLED_ACTION = 'two_factor.totp_enabled';
const PASSKEY_ADDED_ACTION = 'two_factor.passkey_added';

type Pending = NonNullable<Awaited<ReturnType<typeof findPendingSignIn>>>;

const auditOf = (pending: Pending, action: string, after: Record<string, unknown>) => ({
  manufacturerId: pending.manufacturer_id,
  action,
  entityType: 'system_user',
  entityId: pending.system_user_id,
  after: { ...after, at_sign_in: true },
});

/**
 * The enrolment a user without a factor is led through at sign-in where two-factor is required: the password step's
 * enrolment token (and nothing else) sets up an authenticator app or a passkey, and the enrolment that succeeds uses
 * the token up and makes the session. The token reaches no other route, and no second-step token reaches these.
 */
export const enrolmentAtSignInRoutes: FastifyPluginAsyncTypebox<PasskeyDependencies> = async (
  app,
  { db, masterKey, loginLimits, relyingParty },
) => {
  const pendingEnrolment = async (token: string) => {
    const pending = await findPendingSignIn(db, token, 'enrolment');
    if (!pending) throw new HttpError(401, SECOND_FACTOR_EXPIRED);
    return pending;
  };
  const attemptOf = (pending: Pending, ip: string) => ({
    ip,
    email: pending.email,
    systemUserId: pending.system_user_id,
  });
  const actorOf = (pending: Pending) => ({ systemUserId: pending.system_user_id });

  app.post(
    '/systemusers/login/enrolment/totp',
    {
      config: { public: true },
      schema: {
        tags: ['auth'],
        body: EnrolmentStartBody,
        response: { 200: TotpEnrolment, 401: ErrorResponse, 409: ErrorResponse },
      },
    },
    async (request) => {
      const pending = await pendingEnrolment(request.body.pending_token);
      const secret = newTotpSecret();
      if (!(await startTotpEnrolment(db, pending.system_user_id, encryptTotpSecret(secret, masterKey))))
        throw new HttpError(409, TOTP_ALREADY_ENABLED);
      const uri = otpauthUri(secret, pending.email);
      return { secret, otpauth_uri: uri, qr_svg: await qrSvg(uri) };
    },
  );

  app.post(
    '/systemusers/login/enrolment/totp/confirm',
    {
      config: { public: true },
      schema: {
        tags: ['auth'],
        body: EnrolmentTotpConfirmBody,
        response: {
          200: EnrolledSignIn,
          400: ErrorResponse,
          401: ErrorResponse,
          409: ErrorResponse,
          429: ErrorResponse,
        },
      },
    },
    async (request, reply) => {
      const pending = await pendingEnrolment(request.body.pending_token);
      const userId = pending.system_user_id;
      const factor = await findTotpFactor(db, userId);
      if (!factor) throw new HttpError(409, TOTP_NOT_STARTED);
      if (factor.confirmed_at) throw new HttpError(409, TOTP_ALREADY_ENABLED);
      if (await refuseWhileThrottled(db, loginLimits, reply, attemptOf(pending, request.ip))) return reply;
      const step = totpStepOf(decryptTotpSecret(factor.secret_encrypted, masterKey), request.body.code);
      const codes = await db.transaction().execute(async (trx) => {
        if (step === null || !(await takeTotpStep(trx, userId, step, true))) return null;
        // A concurrent request with the same token: only the one that deletes it enrols and signs in.
        if (!(await takePendingSignIn(trx, pending.id))) throw new HttpError(401, SECOND_FACTOR_EXPIRED);
        await recordAudit(trx, actorOf(pending), auditOf(pending, TOTP_ENABLED_ACTION, {}));
        return issueRecoveryCodes(trx, userId);
      });
      if (!codes) {
        await recordFailedCode(db, loginLimits, pending.email);
        throw new HttpError(400, WRONG_CODE);
      }
      return { ...(await signedIn(db, request, reply, pending)), recovery_codes: codes };
    },
  );

  app.post(
    '/systemusers/login/enrolment/passkey-options',
    {
      config: { public: true },
      schema: {
        tags: ['auth'],
        body: EnrolmentStartBody,
        response: { 200: PasskeyOptions, 401: ErrorResponse },
      },
    },
    async (request) => {
      const pending = await pendingEnrolment(request.body.pending_token);
      const userId = pending.system_user_id;
      const options = await registrationOptions(
        relyingParty,
        { systemUserId: userId, email: pending.email },
        await listPasskeys(db, userId),
      );
      await keepChallenge(db, {
        value: options.challenge,
        systemUserId: userId,
        purpose: 'registration',
        pendingSignInId: pending.id,
      });
      return { options };
    },
  );

  app.post(
    '/systemusers/login/enrolment/passkey',
    {
      config: { public: true },
      schema: {
        tags: ['auth'],
        body: EnrolmentPasskeyBody,
        response: {
          200: LoginResponse,
          400: ErrorResponse,
          401: ErrorResponse,
          409: ErrorResponse,
          429: ErrorResponse,
        },
      },
    },
    async (request, reply) => {
      const pending = await pendingEnrolment(request.body.pending_token);
      const userId = pending.system_user_id;
      const name = request.body.name.trim();
      if (!name) throw new HttpError(400, PASSKEY_NAME_BLANK);
      if (await refuseWhileThrottled(db, loginLimits, reply, attemptOf(pending, request.ip))) return reply;
      const { response } = request.body;
      const challenge = challengeOf(response.response.clientDataJSON);
      const taken =
        challenge !== undefined &&
        (await takeChallenge(db, {
          value: challenge,
          systemUserId: userId,
          purpose: 'registration',
          pendingSignInId: pending.id,
        }));
      if (!taken) {
        await recordFailedCode(db, loginLimits, pending.email);
        throw new HttpError(409, PASSKEY_CHALLENGE_GONE);
      }
      const credential = await checkRegistration(relyingParty, response, challenge);
      if (!credential) {
        await recordFailedCode(db, loginLimits, pending.email);
        throw new HttpError(400, PASSKEY_NOT_CREATED);
      }
      const added = await db.transaction().execute(async (trx) => {
        const row = await addPasskey(trx, {
          systemUserId: userId,
          credentialId: credential.id,
          publicKey: credential.publicKey,
          counter: credential.counter,
          transports: credential.transports ?? response.response.transports ?? [],
          name,
        });
        // The authenticator's credential is registered already (to this user or another): nothing is added.
        if (!row) return false;
        if (!(await takePendingSignIn(trx, pending.id))) throw new HttpError(401, SECOND_FACTOR_EXPIRED);
        await recordAudit(trx, actorOf(pending), auditOf(pending, PASSKEY_ADDED_ACTION, { name }));
        return true;
      });
      if (!added) throw new HttpError(409, PASSKEY_NOT_CREATED);
      return signedIn(db, request, reply, pending);
    },
  );
};
