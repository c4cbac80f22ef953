import type { ServerConfig } from '../config';
import type { Db } from '../db/database';
import { addressKey } from '../auth/login-limits';
import { consumeRateLimits } from '../auth/rate-limits';

export type CodeTryLimits = ServerConfig['browserActivationCodeTries'];

/**
 * A customer types one code, perhaps twice; a guesser needs about 10¹⁰ tries for a live code among 20⁸ and gets the
 * configured handful per ten minutes (20 per session, 60 per address unless configured).
 */
const WINDOW_SECONDS = 600;

/** Counts a look-up, approval or denial by user code; the seconds to wait when a limit is exceeded, else null. */
export async function codeTryRetryAfter(
  db: Db,
  limits: CodeTryLimits,
  ip: string,
  sessionId: number,
): Promise<number | null> {
  const decision = await consumeRateLimits(db, [
    { bucket: `portal:user-code:session:${sessionId}`, limit: limits.perSession, windowSeconds: WINDOW_SECONDS },
    { bucket: `portal:user-code:ip:${addressKey(ip)}`, limit: limits.perAddress, windowSeconds: WINDOW_SECONDS },
  ]);
  return decision.allowed ? null : decision.retryAfterSeconds;
}
