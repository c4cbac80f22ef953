import { randomBytes } from 'node:crypto';
import { API_KEY_BODY_LENGTH, API_KEY_PREFIX_LENGTH, API_KEY_TAG } from 'shared-kit/contract';
import { hashApiKey } from '../auth/api-key-principal';
import { badRequest } from '../lib/http-error';

/** A key may be set to expire at most this far ahead (or never, without an expiry). */
export const API_KEY_MAX_LIFETIME_DAYS = 3 * 366;

export interface NewKeySecret {
  /** The whole key, shown once. */
  secret: string;
  prefix: string;
  hash: Buffer;
}

/** `phk_live_` and 36 random bytes as base64url (288 bits): the first 8 characters are its prefix, shown later. */
export function newKeySecret(): NewKeySecret {
  const body = randomBytes((API_KEY_BODY_LENGTH * 3) / 4).toString('base64url');
  const secret = `${API_KEY_TAG}${body}`;
  return { secret, prefix: secret.slice(0, API_KEY_PREFIX_LENGTH), hash: hashApiKey(secret) };
}

/** The expiry a staff member asked for: an instant in the future, at most API_KEY_MAX_LIFETIME_DAYS ahead. */
export function checkedExpiry(expiresAt: string | null | undefined, now = new Date()): Date | null {
  if (expiresAt === undefined || expiresAt === null) return null;
  const when = new Date(expiresAt);
  if (Number.isNaN(when.getTime())) throw badRequest('expires_at must be a date and time.');
  if (when.getTime() <= now.getTime()) throw badRequest('expires_at must be in the future.');
  if (when.getTime() > now.getTime() + API_KEY_MAX_LIFETIME_DAYS * 86_400_000)
    throw badRequest(`expires_at may be at most ${API_KEY_MAX_LIFETIME_DAYS} days ahead.`);
  return when;
}
