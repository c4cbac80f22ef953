import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db/database';
import { HttpError } from '../../lib/http-error';
import { consumeRateLimits } from '../../repositories/rate-limits';

/** Client calls per network address per minute, and per serial or machine per minute. */
export const CLIENT_CALLS_PER_ADDRESS = 120;
export const CLIENT_CALLS_PER_SUBJECT = 20;
const WINDOW_SECONDS = 60;

export const tooManyCalls = (seconds: number) => `Too many requests. Please wait ${seconds} ${seconds === 1 ? 'second' : 'seconds'} and try again.`;

/**
 * Counts the call against its address and each of its subjects (`serial:...`, `fingerprint:...`) in one statement;
 * over a limit it answers 429 with Retry-After before the call reads or changes anything.
 */
export async function guardClientCall(db: Db, request: FastifyRequest, reply: FastifyReply, subjects: string[] = []) {
  const decision = await consumeRateLimits(db, [
    { bucket: `client:address:${request.ip}`, limit: CLIENT_CALLS_PER_ADDRESS, windowSeconds: WINDOW_SECONDS },
    ...subjects.map((subject) => ({ bucket: `client:${subject}`, limit: CLIENT_CALLS_PER_SUBJECT, windowSeconds: WINDOW_SECONDS })),
  ]);
  if (!decision.allowed) {
    reply.header('Retry-After', String(decision.retryAfterSeconds));
    throw new HttpError(429, tooManyCalls(decision.retryAfterSeconds));
  }
  return { address: request.ip };
}

/** The rate-limit subject of a serial or a machine, in the form the server matches them. */
const digest = (text: string) => createHash('sha256').update(text).digest('base64url');
/** Hashed: a bucket name never carries the raw (possibly hostile) value. */
export const serialSubject = (productId: number, serial: string) => `serial:${productId}:${digest(serial.trim().toUpperCase())}`;
export const machineSubject = (productId: number, fingerprint: string) => `fingerprint:${productId}:${digest(fingerprint.trim())}`;
