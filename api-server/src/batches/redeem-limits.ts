import type { ServerConfig } from '../config';
import { partyAndAddressLimits } from '../auth/login-limits';

export type RedeemLimits = ServerConfig['serialRedeemTries'];

const HOUR = 3600;

/**
 * A redeem try's limits: the customer's and the network address's, counted in PostgreSQL so every instance counts
 * the same (redeem.ts counts them in the statement that reads the serial). Every try counts, a good serial too:
 * guessing a serial of 100 random bits at this pace is hopeless, and a customer redeeming a few boxes never meets
 * the limit.
 */
export const redeemRateLimits = (limits: RedeemLimits, ip: string, endUserId: number) =>
  partyAndAddressLimits('portal:redeem', { customer: endUserId }, ip, {
    perParty: limits.perCustomer,
    perAddress: limits.perAddress,
    windowSeconds: HOUR,
  });
