import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { GuardedClientCall } from '../client-values';
import type { Db } from '../../db/database';
import { HttpError } from '../../lib/http-error';
import { consumeRateLimits, type RateLimit, type RateLimitDecision } from '../../auth/rate-limits';
import { addressKey } from '../../auth/login-limits';

/** Client calls per network address per minute, and per serial or machine per minute. */
export const CLIENT_CALLS_PER_ADDRESS = 120;
export const CLIENT_CALLS_PER_SUBJECT = 20;
const WINDOW_SECONDS = 60;

export const tooManyCalls = (seconds: number) =>
  `Too many requests. Please wait ${seconds} ${seconds === 1 ? 'second' : 'seconds'} and try again.`;

/**
 * The buckets a call counts against: its address (an IPv6 one by its /64, as sign-in counts it) and each of its
 * subjects (`serial:...`, `fingerprint:...`).
 */
export const clientLimits = (address: string, subjects: string[] = []): RateLimit[] => [
  { bucket: `client:address:${addressKey(address)}`, limit: CLIENT_CALLS_PER_ADDRESS, windowSeconds: WINDOW_SECONDS },
  ...subjects.map((subject) => ({
    bucket: `client:${subject}`,
    limit: CLIENT_CALLS_PER_SUBJECT,
    windowSeconds: WINDOW_SECONDS,
  })),
];

/** Over a limit: 429 with Retry-After, before the call uses what it read or changes anything. */
export function admitClientCall(reply: FastifyReply, decision: RateLimitDecision) {
  if (decision.allowed) return;
  reply.header('Retry-After', String(decision.retryAfterSeconds));
  throw new HttpError(429, tooManyCalls(decision.retryAfterSeconds));
}

/** Counts the call against its limits in one statement (calls that read in the same statement use clientLimits). */
export async function guardClientCall(db: Db, request: FastifyRequest, reply: FastifyReply, subjects: string[] = []) {
  admitClientCall(reply, await consumeRateLimits(db, clientLimits(request.ip, subjects)));
  return { address: request.ip };
}

/** A call that counts against its limits in the statement of its first read (clients/client-values.ts). */
export const guardedCall = (request: FastifyRequest, reply: FastifyReply, subjects: string[]): GuardedClientCall => ({
  address: request.ip,
  limits: clientLimits(request.ip, subjects),
  admit: (decision) => admitClientCall(reply, decision),
});

/** The rate-limit subject of a serial or a machine, in the form the server matches them. */
const digest = (text: string) => createHash('sha256').update(text).digest('base64url');
/** Hashed: a bucket name never carries the raw (possibly hostile) value. */
export const serialSubject = (productId: number, serial: string) =>
  `serial:${productId}:${digest(serial.trim().toUpperCase())}`;
export const machineSubject = (productId: number, fingerprint: string) =>
  `fingerprint:${productId}:${digest(fingerprint.trim())}`;
