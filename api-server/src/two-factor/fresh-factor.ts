import type { FastifyReply } from 'fastify';
import { FRESH_FACTOR_NEEDED, WRONG_FRESH_FACTOR, type PasskeyAuthenticationResponse } from 'shared-kit/contract';
import type { Db } from '../db/database';
import type { Principal } from '../auth/principal';
import type { LoginLimits } from '../auth/login-limits';
import { HttpError } from '../lib/http-error';
import { takeCurrentCode } from './current-code';
import { recordFailedCode, refuseWhileThrottled } from './code-attempts';
import { checkPasskeyAnswer } from './passkey-answer';
import type { RelyingParty } from './relying-party';

/**
 * Adding a factor where one is on needs that factor now, not a password or a session left open (someone who took
 * over a session must not add a passkey of their own): a current code of the app, taken so it cannot be replayed,
 * or one of the user's passkeys answering a proof challenge. Tried under the login limits. Answers false when the
 * reply is already sent (throttled); throws the refusal of a wrong or missing one.
 */
export async function checkFreshFactor(
  deps: { db: Db; masterKey: Buffer; loginLimits: LoginLimits; relyingParty: RelyingParty },
  principal: Principal,
  proof: { code?: string; passkey?: PasskeyAuthenticationResponse },
  ip: string,
  reply: FastifyReply,
): Promise<boolean> {
  const { db, masterKey, loginLimits, relyingParty } = deps;
  if ((proof.code === undefined) === (proof.passkey === undefined)) throw new HttpError(403, FRESH_FACTOR_NEEDED);
  const attempt = { ip, email: principal.email, systemUserId: principal.systemUserId };
  if (await refuseWhileThrottled(db, loginLimits, reply, attempt)) return false;
  let right: boolean;
  if (proof.code !== undefined) {
    right = await takeCurrentCode(db, masterKey, principal.systemUserId, proof.code);
  } else {
    const answer = { systemUserId: principal.systemUserId, purpose: 'proof' as const };
    right = (await checkPasskeyAnswer(db, relyingParty, answer, proof.passkey!)) === 'accepted';
  }
  if (!right) {
    await recordFailedCode(db, loginLimits, principal.email);
    throw new HttpError(403, WRONG_FRESH_FACTOR);
  }
  return true;
}
