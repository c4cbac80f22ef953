import type { ServerConfig } from '../config';
import type { Db } from '../db/database';
import { partyAndAddressLimits } from '../auth/login-limits';
import { retryAfterOf } from '../auth/rate-limits';

export type RedeemLimits = ServerConfig['serialRedeemTries'];

const HOUR = 3600;

/**
 * Counts a redeem try against the customer's limit and the network address's, in PostgreSQL so every instance counts
 * the same; the seconds to wait when either is exceeded, else null. Every try counts, a good serial too: guessing a
 * serial of 100 random bits at this pace is hopeless, and a customer redeeming a few boxes never meets the limit.
 */
export const redeemRetryAfter = (db: Db, limits: RedeemLimits, ip: string, endUserId: number) =>
  retryAfterOf(
    db,
    partyAndAddressLimits('portal:redeem', { customer: endUserId }, ip, {
      perParty: limits.perCustomer,
      perAddress: limits.perAddress,
      windowSeconds: HOUR,
    }),
  );
