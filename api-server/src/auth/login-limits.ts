import ipaddr from 'ipaddr.js';
import type { Db } from '../db/database';
import { consumeRateLimit } from './rate-limits';

export interface LoginLimits {
  /** Attempts per minute from one address for one account. */
  perAddressAndAccount: number;
  /** Attempts per minute from one address, whatever the account. */
  perAddress: number;
}

const WINDOW_SECONDS = 60;

/**
 * The address an attempt is counted against: an IPv4 address (also when IPv4-mapped), or the /64 of an IPv6
 * one, since a single subscriber usually holds a whole /64 and could otherwise try from 2^64 addresses.
 */
export function addressKey(ip: string): string {
  if (!ipaddr.isValid(ip)) return ip;
  const address = ipaddr.process(ip);
  if (address.kind() === 'ipv4') return address.toString();
  return `${ipaddr.IPv6.networkAddressFromCIDR(`${address.toString()}/64`).toString()}/64`;
}

/**
 * Counts a login attempt against both limits (in the database, so every instance counts the same) and answers
 * the seconds to wait when either is exceeded, else null. The address limit stops one address spraying one
 * password over many accounts; the per-account one stops it guessing one account, without locking the account
 * for everybody else.
 */
export async function loginRetryAfter(db: Db, limits: LoginLimits, ip: string, email: string): Promise<number | null> {
  const address = addressKey(ip);
  const byAddress = await consumeRateLimit(db, {
    bucket: `login:ip:${address}`,
    limit: limits.perAddress,
    windowSeconds: WINDOW_SECONDS,
  });
  if (!byAddress.allowed) return byAddress.retryAfterSeconds;
  const account = email.trim().toLowerCase();
  const byAccount = await consumeRateLimit(db, {
    bucket: `login:ip-account:${address}:${account}`,
    limit: limits.perAddressAndAccount,
    windowSeconds: WINDOW_SECONDS,
  });
  return byAccount.allowed ? null : byAccount.retryAfterSeconds;
}
