import { hash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { GuardedClientCall } from '../client-values';
import type { Db } from '../../db/database';
import { HttpError } from '../../lib/http-error';
import { consumeRateLimits, type RateLimit, type RateLimitDecision } from '../../auth/rate-limits';
import { addressKey } from '../../auth/login-limits';

/** Client calls per network address per minute, and per machine (or serial on one machine) per minute. */
export const CLIENT_CALLS_PER_ADDRESS = 120;
export const CLIENT_CALLS_PER_SUBJECT = 20;
/**
 * A serial's calls per minute from all machines together: far above what its own machines make, and above what
 * one address may make (CLIENT_CALLS_PER_ADDRESS), so a stranger who knows the serial spends their own budget and
 * cannot lock the owner's machine out from one network.
 */
export const CLIENT_CALLS_PER_SERIAL = 600;
/** New trials per product per address (an IPv6 one by its /64) per hour; asking again for a machine's trial is free. */
export const TRIAL_STARTS_PER_ADDRESS = 10;
const WINDOW_SECONDS = 60;
const TRIAL_WINDOW_SECONDS = 3600;
const SERIAL_SUBJECT_KIND = 'serial';

const secondsText = (seconds: number) => `${seconds} ${seconds === 1 ? 'second' : 'seconds'}`;
export const tooManyCalls = (seconds: number) =>
  `Too many requests. Please wait ${secondsText(seconds)} and try again.`;
export const tooManyTrials = (seconds: number) =>
  `Too many trials were started from this network address. Please wait ${secondsText(seconds)} and try again.`;

/**
 * The buckets a call counts against: its address (an IPv6 one by its /64, as sign-in counts it) and each of its
 * subjects (`serial:...` the serial from every machine, CLIENT_CALLS_PER_SERIAL; `serial-machine:...`,
 * `fingerprint:...`, CLIENT_CALLS_PER_SUBJECT).
 */
export const clientLimits = (address: string, subjects: string[] = []): RateLimit[] => [
  { bucket: `client:address:${addressKey(address)}`, limit: CLIENT_CALLS_PER_ADDRESS, windowSeconds: WINDOW_SECONDS },
  ...subjects.map((subject) => ({
    bucket: `client:${subject}`,
    limit: subject.split(':')[0] === SERIAL_SUBJECT_KIND ? CLIENT_CALLS_PER_SERIAL : CLIENT_CALLS_PER_SUBJECT,
    windowSeconds: WINDOW_SECONDS,
  })),
];

/** Over a limit: 429 with Retry-After, before the call uses what it read or changes anything. */
export function admitClientCall(reply: FastifyReply, decision: RateLimitDecision, message = tooManyCalls) {
  if (decision.allowed) return;
  reply.header('Retry-After', String(decision.retryAfterSeconds));
  throw new HttpError(429, message(decision.retryAfterSeconds));
}

/** The bucket of new trials of a product from one address (IPv6: its /64). */
export const trialStartLimit = (productId: number, address: string): RateLimit => ({
  bucket: `client:trial-start:${productId}:${addressKey(address)}`,
  limit: TRIAL_STARTS_PER_ADDRESS,
  windowSeconds: TRIAL_WINDOW_SECONDS,
});

/** Counts a new trial of the product from the call's address; over the limit, 429 before anything is written. */
export async function admitTrialStart(db: Db, reply: FastifyReply, productId: number, address: string) {
  admitClientCall(reply, await consumeRateLimits(db, [trialStartLimit(productId, address)]), tooManyTrials);
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
const digest = (text: string) => hash('sha256', text, 'base64url');
/** Hashed: a bucket name never carries the raw (possibly hostile) value. */
const serialKey = (serial: string) => serial.trim().toUpperCase();
/** The serial from every machine: a high cap (CLIENT_CALLS_PER_SERIAL); pair it with serialOnMachineSubject. */
export const serialSubject = (productId: number, serial: string) =>
  `${SERIAL_SUBJECT_KIND}:${productId}:${digest(serialKey(serial))}`;
/** The serial on one machine: its owner's plugin keeps its own 20 a minute whoever else uses the serial. */
export const serialOnMachineSubject = (productId: number, serial: string, fingerprint: string) =>
  `serial-machine:${productId}:${digest(`${serialKey(serial)}\n${fingerprint.trim()}`)}`;
/** What a call naming a serial counts against: the serial on this machine, and the serial overall. */
export const serialSubjects = (productId: number, serial: string, fingerprint: string) => [
  serialOnMachineSubject(productId, serial, fingerprint),
  serialSubject(productId, serial),
];
export const machineSubject = (productId: number, fingerprint: string) =>
  `fingerprint:${productId}:${digest(fingerprint.trim())}`;
