import { formatSignedTime, hasControlCharacter } from 'signed-formats';
import type { CustomerActor } from '../auth/actor';
import type { Db } from '../db/database';
import { notFound } from '../lib/http-error';
import { recordAudit } from '../audit/queries/audit-log';
import { consumeRateLimits, type RateLimit, type RateLimitDecision } from '../auth/rate-limits';

// What every client call shares: how a serial is read, how times are written, how a call is audited.

export const LICENSE_NOT_FOUND = 'License';
export const PRODUCT_NOT_FOUND = 'Product';

/** A serial as typed or pasted: surrounding white space goes, letters count in upper case (Crockford base32). */
export function serialOf(text: string): string {
  const serial = text.trim().toUpperCase();
  // No serial holds a control character; PostgreSQL would refuse a NUL outright. Such a serial is simply unknown.
  if (hasControlCharacter(serial)) throw notFound(LICENSE_NOT_FOUND);
  return serial;
}

/** Times in signed documents: UTC to the second. */
export const documentTime = (date: Date) => formatSignedTime(date);
export const secondsNow = () => new Date(Math.floor(Date.now() / 1000) * 1000);

export interface ClientCall {
  /** The caller's network address. */
  address: string;
}

/** A call whose rate-limit counting rides in its first read's statement (one round trip fewer). */
export interface GuardedClientCall extends ClientCall {
  /** What the call counts against. */
  limits: RateLimit[];
  /** Refuses the call (429) when the counting says so. */
  admit: (decision: RateLimitDecision) => void;
  /** The signed-in customer making the call for their machine in the portal (absent for a plugin). */
  customer?: CustomerActor;
}

/** `read()` of a guarded call's input: input it refuses is still counted against the call's limits before its 4xx. */
export async function countedInput<T>(db: Db, call: GuardedClientCall, read: () => T): Promise<T> {
  try {
    return read();
  } catch (error) {
    call.admit(await consumeRateLimits(db, call.limits));
    throw error;
  }
}

/** serialOf for a guarded call: a serial that cannot be one is still counted against the limits before its 404. */
export const countedSerialOf = (db: Db, call: GuardedClientCall, text: string): Promise<string> =>
  countedInput(db, call, () => serialOf(text));

/** Audits a client call: no staff actor, the caller's address and what it was told. */
export async function recordClientAudit(
  db: Db,
  call: ClientCall,
  entry: {
    manufacturerId: number;
    action: string;
    entityType: string;
    entityId: number | string;
    after?: Record<string, unknown>;
    before?: unknown;
  },
) {
  await recordAudit(db, null, { ...entry, after: { actor: 'client', address: call.address, ...entry.after } });
}
