import type { PortalLimits } from '../config';
import type { Db } from '../db/database';
import { addressKey } from '../auth/login-limits';
import { retryAfterOf } from '../auth/rate-limits';
import { emailKeyOf } from './sign-in-codes';

const HOUR = 3600;
const MINUTE = 60;

/**
 * Counts a code request against the network address's limit and the email's (per manufacturer), in PostgreSQL so
 * every instance counts the same; the seconds to wait when either is exceeded, else null. An unknown address is
 * counted exactly like a customer's.
 */
export async function codeRequestRetryAfter(
  db: Db,
  limits: PortalLimits,
  ip: string,
  manufacturerId: number,
  email: string,
): Promise<number | null> {
  return retryAfterOf(db, [
    { bucket: `portal:code:ip:${addressKey(ip)}`, limit: limits.codesPerAddressPerHour, windowSeconds: HOUR },
    {
      bucket: `portal:code:email:${manufacturerId}:${emailKeyOf(email)}`,
      limit: limits.codesPerEmailPerHour,
      windowSeconds: HOUR,
    },
  ]);
}

/** Counts a code or link tried from a network address (each code also dies after 5 wrong tries). */
export async function signInRetryAfter(db: Db, limits: PortalLimits, ip: string): Promise<number | null> {
  return retryAfterOf(db, [
    { bucket: `portal:sign-in:ip:${addressKey(ip)}`, limit: limits.signInsPerAddressPerMinute, windowSeconds: MINUTE },
  ]);
}
