import type { ServerConfig } from '../config';
import type { Db } from '../db/database';
import { partyAndAddressLimits } from '../auth/login-limits';
import { retryAfterOf } from '../auth/rate-limits';

export type CodeTryLimits = ServerConfig['browserActivationCodeTries'];

/**
 * A customer types one code, perhaps twice; a guesser needs about 10¹⁰ tries for a live code among 20⁸ and gets the
 * configured handful per ten minutes (20 per session, 60 per address unless configured).
 */
const WINDOW_SECONDS = 600;

/** Counts a look-up, approval or denial by user code; the seconds to wait when a limit is exceeded, else null. */
export const codeTryRetryAfter = (db: Db, limits: CodeTryLimits, ip: string, sessionId: number) =>
  retryAfterOf(
    db,
    partyAndAddressLimits('portal:user-code', { session: sessionId }, ip, {
      perParty: limits.perSession,
      perAddress: limits.perAddress,
      windowSeconds: WINDOW_SECONDS,
    }),
  );
