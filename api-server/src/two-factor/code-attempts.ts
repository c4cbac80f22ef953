import type { FastifyReply } from 'fastify';
import type { Db } from '../db/database';
import { accountRetryAfter, loginRetryAfter, recordFailedLogin, type LoginLimits } from '../auth/login-limits';
import { ACCOUNT_LOCKED, TOO_MANY_ATTEMPTS } from '../people/routes/systemusers/system-users';

/**
 * Codes are guessed like passwords, so they count against the same limits (auth/login-limits.ts): per address, per
 * address and account, and failures per account across addresses. Answers the 429 and true when the attempt must
 * wait; a wrong code is then counted with `recordFailedCode`.
 */
export async function refuseWhileThrottled(
  db: Db,
  limits: LoginLimits,
  reply: FastifyReply,
  attempt: { ip: string; email: string; systemUserId: number },
): Promise<boolean> {
  const retryAfter = await loginRetryAfter(db, limits, attempt.ip, attempt.email);
  if (retryAfter !== null) {
    await reply
      .status(429)
      .header('Retry-After', retryAfter)
      .send({ message: [TOO_MANY_ATTEMPTS(retryAfter)] });
    return true;
  }
  const accountWait = await accountRetryAfter(db, limits, attempt.ip, attempt.email, attempt.systemUserId);
  if (accountWait !== null) {
    await reply
      .status(429)
      .header('Retry-After', accountWait)
      .send({ message: [ACCOUNT_LOCKED(accountWait)] });
    return true;
  }
  return false;
}

export const recordFailedCode = (db: Db, limits: LoginLimits, email: string) => recordFailedLogin(db, limits, email);
