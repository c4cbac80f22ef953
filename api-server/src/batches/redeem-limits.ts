import type { ServerConfig } from '../config';
import type { Db } from '../db/database';
import { addressKey } from '../auth/login-limits';
import { consumeRateLimits } from '../auth/rate-limits';

export type RedeemLimits = ServerConfig['serialRedeemTries'];

const HOUR = 3600;

/**
 * Counts a redeem try against the customer's limit and the network address's, in PostgreSQL so every instance counts
 * the same; the seconds to wait when either is exceeded, else null. Every try counts, a good serial too: guessing a
 * serial of 100 random bits at this pace is hopeless, and a customer redeeming a few boxes never meets the limit.
 */
export async function redeemRetryAfter(
  db: Db,
  limits: RedeemLimits,
  ip: string,
  endUserId: number,
): Promise<number | null> {
  const decision = await consumeRateLimits(db, [
    { bucket: `portal:redeem:customer:${endUserId}`, limit: limits.perCustomer, windowSeconds: HOUR },
    { bucket: `portal:redeem:ip:${addressKey(ip)}`, limit: limits.perAddress, windowSeconds: HOUR },
  ]);
  return decision.allowed ? null : decision.retryAfterSeconds;
}
