import type { FastifyReply } from 'fastify';
import { PROOF_NEEDED, WRONG_PROOF, type FactorProofBody } from 'shared-kit/contract';
import type { Db } from '../db/database';
import type { Principal } from '../auth/principal';
import type { LoginLimits } from '../auth/login-limits';
import type { PasswordCheckGate } from '../auth/password-check-gate';
import { verifyPassword } from '../auth/password';
import { HttpError } from '../lib/http-error';
import { SIGN_IN_BUSY } from '../people/routes/systemusers/system-users';
import { findPasswordHash } from './queries';
import { takeCurrentCode } from './current-code';
import { recordFailedCode, refuseWhileThrottled } from './code-attempts';

export interface ProofDependencies {
  db: Db;
  masterKey: Buffer;
  loginLimits: LoginLimits;
  passwordChecks: PasswordCheckGate;
}

/**
 * Changing a factor needs the person at the keyboard, not only a session left open: a current code of the app
 * (taken, so it cannot be replayed) or the password, tried under the login limits. Answers false when the
 * reply is already sent (throttled); throws the refusal of a wrong or missing proof.
 */
export async function checkFactorProof(
  deps: ProofDependencies,
  principal: Principal,
  proof: FactorProofBody,
  ip: string,
  reply: FastifyReply,
): Promise<boolean> {
  const { db, masterKey, loginLimits, passwordChecks } = deps;
  if ((proof.code === undefined) === (proof.password === undefined)) throw new HttpError(400, PROOF_NEEDED);
  const attempt = { ip, email: principal.email, systemUserId: principal.systemUserId };
  if (await refuseWhileThrottled(db, loginLimits, reply, attempt)) return false;
  let right: boolean;
  if (proof.code !== undefined) {
    right = await takeCurrentCode(db, masterKey, principal.systemUserId, proof.code);
  } else {
    const hash = await findPasswordHash(db, principal.systemUserId);
    const valid = await passwordChecks.run(() => verifyPassword(proof.password!, hash ?? ''));
    if (valid === undefined) {
      await reply
        .status(503)
        .header('Retry-After', 1)
        .send({ message: [SIGN_IN_BUSY] });
      return false;
    }
    right = valid;
  }
  if (!right) {
    await recordFailedCode(db, loginLimits, principal.email);
    throw new HttpError(403, WRONG_PROOF);
  }
  return true;
}
