import type { PortalLimits } from '../config';
import type { Db } from '../db/database';
import { partyAndAddressLimits } from '../auth/login-limits';
import { retryAfterOf } from '../auth/rate-limits';
import { waitWords } from './sign-in-words';

const HOUR = 3600;

export const TOO_MANY_OFFLINE_ACTIVATIONS = (seconds: number) =>
  `Too many activation requests uploaded. Please wait ${waitWords(seconds)} and try again.`;

/**
 * Counts an uploaded offline activation request against the customer session's limit and the network address's, in
 * PostgreSQL so every instance counts the same; the seconds to wait when either is exceeded, else null. Every upload
 * counts, a refused file too: a stream of bad files is held back like good ones.
 */
export const offlineActivationRetryAfter = (db: Db, limits: PortalLimits, ip: string, sessionId: number) =>
  retryAfterOf(
    db,
    partyAndAddressLimits('portal:offline', { session: sessionId }, ip, {
      perParty: limits.offlineActivationsPerSessionPerHour,
      perAddress: limits.offlineActivationsPerAddressPerHour,
      windowSeconds: HOUR,
    }),
  );
