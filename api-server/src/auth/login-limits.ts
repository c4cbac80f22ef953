import ipaddr from 'ipaddr.js';
import { sql } from 'kysely';
import type { Db } from '../db/database';
import { consumeRateLimit, type RateLimit } from './rate-limits';

export interface LoginLimits {
  /** Attempts per minute from one address for one account. */
  perAddressAndAccount: number;
  /** Attempts per minute from one address, whatever the account. */
  perAddress: number;
  /** Failed attempts per 15 minutes for one account, from every address it has not signed in from lately. */
  accountFailures: number;
}

const WINDOW_SECONDS = 60;
export const ACCOUNT_WINDOW_SECONDS = 15 * 60;
/** An address the account signed in from this recently still gets its own per-address attempts in a lock-out. */
export const FAMILIAR_ADDRESS_DAYS = 30;

const OCTET = '(?:25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)';
const CANONICAL_IPV4 = new RegExp(`^${OCTET}(?:\\.${OCTET}){3}$`);

/**
 * The address an attempt is counted against: an IPv4 address (also when IPv4-mapped), or the /64 of an IPv6
 * one, since a single subscriber usually holds a whole /64 and could otherwise try from 2^64 addresses.
 */
export function addressKey(ip: string): string {
  // The common case without parsing: an IPv4 address already in the form ipaddr.js would write it.
  if (CANONICAL_IPV4.test(ip)) return ip;
  if (!ipaddr.isValid(ip)) return ip;
  const address = ipaddr.process(ip);
  if (address.kind() === 'ipv4') return address.toString();
  return `${ipaddr.IPv6.networkAddressFromCIDR(`${address.toString()}/64`).toString()}/64`;
}

/**
 * A party's limit (a customer, a session: `{ customer: 12 }`) and its network address's, each in its own bucket under
 * `prefix`: the party's stops one account guessing from many addresses, the address's one address trying many.
 */
export function partyAndAddressLimits(
  prefix: string,
  party: Record<string, number>,
  ip: string,
  limits: { perParty: number; perAddress: number; windowSeconds: number },
): RateLimit[] {
  const [[kind, id]] = Object.entries(party);
  return [
    { bucket: `${prefix}:${kind}:${id}`, limit: limits.perParty, windowSeconds: limits.windowSeconds },
    { bucket: `${prefix}:ip:${addressKey(ip)}`, limit: limits.perAddress, windowSeconds: limits.windowSeconds },
  ];
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

const accountKey = (email: string) => email.trim().toLowerCase();
const accountFailuresBucket = (email: string) => `login:account-failures:${accountKey(email)}`;

/**
 * The seconds an attempt on this account must wait because of failures from other addresses, else null.
 *
 * Failed passwords for one account are counted across every address (`recordFailedLogin`), so guessing spread
 * over many addresses meets a limit the per-address counts never reach. Over that budget the account is closed
 * to addresses it has not signed in from in the last 30 days until the 15-minute window refills it; the owner
 * at a desk they have used keeps their per-address attempts, so an attacker cannot lock them out. Reading the
 * count writes nothing; only failures count, so a user's own successful sign-ins never use up the budget.
 */
export async function accountRetryAfter(
  db: Db,
  limits: LoginLimits,
  ip: string,
  email: string,
  systemUserId: number | undefined,
): Promise<number | null> {
  const failures = await db
    .selectFrom('rate_limits')
    .select([
      'hits',
      sql<number>`greatest(1, ceil(extract(epoch FROM window_ends_at - now())))::integer`.as('retry_after'),
    ])
    .where('bucket', '=', accountFailuresBucket(email).replace(/\u0000/g, '\uFFFD'))
    .where('window_ends_at', '>', sql<Date>`now()`)
    .executeTakeFirst();
  if (!failures || failures.hits < limits.accountFailures) return null;
  if (systemUserId !== undefined && (await signedInFrom(db, systemUserId, addressKey(ip)))) return null;
  return failures.retry_after;
}

/** Whether the user signed in from this address (its /64 for IPv6) in the last 30 days. */
async function signedInFrom(db: Db, systemUserId: number, address: string): Promise<boolean> {
  const rows = await db
    .selectFrom('sessions')
    .select('address')
    .distinct()
    .where('system_user_id', '=', systemUserId)
    .where('address', 'is not', null)
    .where('created_at', '>', sql<Date>`now() - make_interval(days => ${FAMILIAR_ADDRESS_DAYS})`)
    .limit(100)
    .execute();
  return rows.some((row) => addressKey(row.address!) === address);
}

/** Counts a failed password for the account, whatever the address (see accountRetryAfter). */
export async function recordFailedLogin(db: Db, limits: LoginLimits, email: string): Promise<void> {
  await consumeRateLimit(db, {
    bucket: accountFailuresBucket(email),
    limit: limits.accountFailures,
    windowSeconds: ACCOUNT_WINDOW_SECONDS,
  });
}
