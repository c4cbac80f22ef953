import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  ErrorResponse,
  FactorProofBody,
  RecoveryCodes,
  TOTP_ALREADY_ENABLED,
  TOTP_NOT_ENABLED,
  TOTP_NOT_STARTED,
  TotpConfirmBody,
  TotpEnrolment,
  TwoFactorStatus,
  WRONG_CODE,
} from 'shared-kit/contract';
import { principalOf, type Principal } from '../../auth/principal';
import { HttpError } from '../../lib/http-error';
import { recordAudit } from '../../audit/queries/audit-log';
import type { Db } from '../../db/database';
import {
  countUnusedRecoveryCodes,
  deleteFactors,
  findTotpFactor,
  hasConfirmedFactor,
  replaceRecoveryCodes,
  startTotpEnrolment,
  takeTotpStep,
} from '../queries';
import { decryptTotpSecret, encryptTotpSecret, newTotpSecret, otpauthUri, qrSvg, totpStepOf } from '../totp';
import { hashRecoveryCode, newRecoveryCodes } from '../recovery-codes';
import { recordFailedCode, refuseWhileThrottled } from '../code-attempts';
import { checkFactorProof, type ProofDependencies } from '../factor-proof';
import { lockFactorsOf, refuseLosingLastFactor } from '../last-factor';

// Named constants so the audit-actions test finds what this file writes.
const TOTP_ENABLED_ACTION = 'two_factor.totp_enabled';
const RECOVERY_CODES_RENEWED_ACTION = 'two_factor.recovery_codes_renewed';
const TOTP_DISABLED_ACTION = 'two_factor.totp_disabled';

const auditOf = (principal: Principal, action: string) => ({
  manufacturerId: principal.manufacturerId,
  action,
  entityType: 'system_user',
  entityId: principal.systemUserId,
});

/** New recovery codes replace the old ones; the codes are answered once and only their hashes kept. */
export async function issueRecoveryCodes(db: Db, systemUserId: number): Promise<string[]> {
  const codes = newRecoveryCodes();
  await replaceRecoveryCodes(db, systemUserId, codes.map(hashRecoveryCode));
  return codes;
}

/**
 * The signed-in staff member's own factors ("Security" on their account page): start a TOTP enrolment (secret,
 * otpauth URI, QR code), confirm it with a code (only then is it on, and the recovery codes are shown once),
 * new recovery codes, and turning it off; the last two need a current code or the password.
 */
export const enrolmentRoutes: FastifyPluginAsyncTypebox<ProofDependencies> = async (app, deps) => {
  const { db, masterKey, loginLimits } = deps;

  app.get(
    '/systemusers/me/two-factor',
    { schema: { tags: ['auth'], response: { 200: TwoFactorStatus } } },
    async (request) => {
      const { systemUserId } = principalOf(request);
      return {
        totp: await hasConfirmedFactor(db, systemUserId),
        recovery_codes_left: await countUnusedRecoveryCodes(db, systemUserId),
      };
    },
  );

  app.post(
    '/systemusers/me/two-factor/totp',
    { schema: { tags: ['auth'], response: { 200: TotpEnrolment, 409: ErrorResponse } } },
    async (request) => {
      const principal = principalOf(request);
      const secret = newTotpSecret();
      if (!(await startTotpEnrolment(db, principal.systemUserId, encryptTotpSecret(secret, masterKey))))
        throw new HttpError(409, TOTP_ALREADY_ENABLED);
      const uri = otpauthUri(secret, principal.email);
      return { secret, otpauth_uri: uri, qr_svg: await qrSvg(uri) };
    },
  );

  app.post(
    '/systemusers/me/two-factor/totp/confirm',
    {
      schema: {
        tags: ['auth'],
        body: TotpConfirmBody,
        response: { 200: RecoveryCodes, 400: ErrorResponse, 409: ErrorResponse, 429: ErrorResponse },
      },
    },
    async (request, reply) => {
      const principal = principalOf(request);
      const factor = await findTotpFactor(db, principal.systemUserId);
      if (!factor) throw new HttpError(409, TOTP_NOT_STARTED);
      if (factor.confirmed_at) throw new HttpError(409, TOTP_ALREADY_ENABLED);
      const attempt = { ip: request.ip, email: principal.email, systemUserId: principal.systemUserId };
      if (await refuseWhileThrottled(db, loginLimits, reply, attempt)) return reply;
      const step = totpStepOf(decryptTotpSecret(factor.secret_encrypted, masterKey), request.body.code);
      const codes = await db.transaction().execute(async (trx) => {
        if (step === null || !(await takeTotpStep(trx, principal.systemUserId, step, true))) return null;
        await recordAudit(trx, principal, auditOf(principal, TOTP_ENABLED_ACTION));
        return issueRecoveryCodes(trx, principal.systemUserId);
      });
      if (!codes) {
        await recordFailedCode(db, loginLimits, principal.email);
        throw new HttpError(400, WRONG_CODE);
      }
      return { recovery_codes: codes };
    },
  );

  app.post(
    '/systemusers/me/two-factor/recovery-codes',
    {
      schema: {
        tags: ['auth'],
        body: FactorProofBody,
        response: {
          200: RecoveryCodes,
          400: ErrorResponse,
          403: ErrorResponse,
          409: ErrorResponse,
          429: ErrorResponse,
        },
      },
    },
    async (request, reply) => {
      const principal = principalOf(request);
      if (!(await hasConfirmedFactor(db, principal.systemUserId))) throw new HttpError(409, TOTP_NOT_ENABLED);
      if (!(await checkFactorProof(deps, principal, request.body, request.ip, reply))) return reply;
      const codes = await db.transaction().execute(async (trx) => {
        await recordAudit(trx, principal, auditOf(principal, RECOVERY_CODES_RENEWED_ACTION));
        return issueRecoveryCodes(trx, principal.systemUserId);
      });
      return { recovery_codes: codes };
    },
  );

  app.post(
    '/systemusers/me/two-factor/totp/disable',
    {
      schema: {
        tags: ['auth'],
        body: FactorProofBody,
        response: {
          200: TwoFactorStatus,
          400: ErrorResponse,
          403: ErrorResponse,
          409: ErrorResponse,
          429: ErrorResponse,
        },
      },
    },
    async (request, reply) => {
      const principal = principalOf(request);
      if (!(await hasConfirmedFactor(db, principal.systemUserId))) throw new HttpError(409, TOTP_NOT_ENABLED);
      if (!(await checkFactorProof(deps, principal, request.body, request.ip, reply))) return reply;
      await db.transaction().execute(async (trx) => {
        await lockFactorsOf(trx, principal.systemUserId);
        await deleteFactors(trx, principal.systemUserId);
        await refuseLosingLastFactor(trx, principal);
        await recordAudit(trx, principal, auditOf(principal, TOTP_DISABLED_ACTION));
      });
      return { totp: false, recovery_codes_left: 0 };
    },
  );
};
