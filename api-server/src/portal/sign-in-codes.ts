import { createHmac, hkdfSync, randomInt, timingSafeEqual } from 'node:crypto';
import { sql } from 'kysely';
import {
  PORTAL_SIGN_IN_CODE_LENGTH,
  PORTAL_SIGN_IN_CODE_MAX_TRIES,
  PORTAL_SIGN_IN_CODE_TTL_MINUTES,
} from 'shared-kit/contract';
import type { Db } from '../db/database';
import { hashSessionToken, newSessionToken } from '../auth/session-token';

// Sign-in codes (docs/portal.md): one mail carries a 6-digit code and a magic link; both are one row, stored only
// as hashes, single use, valid 10 minutes, and only the newest row of an address signs in.

/** The key codes are hashed with: derived from the master key, so a database alone does not let anyone test codes. */
export const signInCodeKey = (masterKey: Buffer) =>
  Buffer.from(hkdfSync('sha256', masterKey, Buffer.alloc(0), 'producthub portal sign-in code v1', 32));

/** The address as codes are counted and found by: trimmed, lower-cased (end users' emails are unique regardless of case). */
export const emailKeyOf = (email: string) => email.trim().toLowerCase();

/** The link token's hash salts the code's, so equal codes of two rows never hash alike. */
const codeMac = (key: Buffer, linkTokenHash: string, code: string) =>
  createHmac('sha256', key).update(`producthub-portal-code-v1\n${linkTokenHash}\n${code}\n`).digest('hex');

export interface SignInSecrets {
  code: string;
  linkToken: string;
}

export interface IssuedCode extends SignInSecrets {
  id: number;
  expiresAt: Date;
}

/**
 * Writes a new code for an address of a manufacturer (an unknown address gets one too, never mailed, so trying a
 * code answers alike for both) and retires the address's earlier live codes. The caller mails it in the same
 * transaction.
 */
export async function issueSignInCode(
  db: Db,
  key: Buffer,
  target: { manufacturerId: number; emailKey: string; endUserId: number | null; requestedBy: 'customer' | 'staff' },
): Promise<IssuedCode> {
  const code = String(randomInt(0, 10 ** PORTAL_SIGN_IN_CODE_LENGTH)).padStart(PORTAL_SIGN_IN_CODE_LENGTH, '0');
  const linkToken = newSessionToken();
  const linkTokenHash = hashSessionToken(linkToken);
  await db
    .updateTable('portal_sign_in_codes')
    .set({ replaced_at: sql<Date>`now()` })
    .where('manufacturer_id', '=', target.manufacturerId)
    .where('email_key', '=', target.emailKey)
    .where('used_at', 'is', null)
    .where('replaced_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .execute();
  await pruneOldCodes(db);
  const row = await db
    .insertInto('portal_sign_in_codes')
    .values({
      manufacturer_id: target.manufacturerId,
      email_key: target.emailKey,
      end_user_id: target.endUserId,
      code_hash: codeMac(key, linkTokenHash, code),
      link_token_hash: linkTokenHash,
      requested_by: target.requestedBy,
      expires_at: sql<Date>`now() + make_interval(mins => ${PORTAL_SIGN_IN_CODE_TTL_MINUTES})`,
      used_at: null,
      replaced_at: null,
    })
    .returning(['id', 'expires_at'])
    .executeTakeFirstOrThrow();
  return { id: row.id, expiresAt: row.expires_at, code, linkToken };
}

/** Codes expired a day ago and more, removed a few per new code (more than a code adds), so the table stays bounded. */
const PRUNE_PER_CODE = 10;

async function pruneOldCodes(db: Db): Promise<void> {
  await sql`
    DELETE FROM portal_sign_in_codes WHERE id IN (
      SELECT id FROM portal_sign_in_codes WHERE expires_at < now() - interval '1 day' ORDER BY expires_at LIMIT ${PRUNE_PER_CODE} FOR UPDATE SKIP LOCKED
    )`.execute(db);
}

const CODE_COLUMNS = [
  'id',
  'end_user_id',
  'code_hash',
  'link_token_hash',
  'tries',
  'used_at',
  'replaced_at',
  sql<boolean>`expires_at <= now()`.as('expired'),
] as const;

/** Why a code or link does not sign in; `triesLeft` after a wrong code. */
export type SignInRefusal =
  | { reason: 'wrong'; triesLeft: number }
  | { reason: 'no-code' | 'expired' | 'used' | 'replaced' | 'too-many-tries' | 'unknown-link' };

export type SignInOutcome = { ok: true; codeId: number; endUserId: number } | ({ ok: false } & SignInRefusal);

/** Marks the code used; the caller's transaction holds its row locked. */
const markUsed = (db: Db, id: number) =>
  db
    .updateTable('portal_sign_in_codes')
    .set({ used_at: sql<Date>`now()` })
    .where('id', '=', id)
    .execute();

/**
 * Tries a code for an address, within the caller's transaction: the address's newest code is locked, a wrong code
 * counts a try (kept when the caller commits its refusal), a right one is used up.
 */
export async function redeemCode(
  db: Db,
  key: Buffer,
  manufacturerId: number,
  emailKey: string,
  code: string,
): Promise<SignInOutcome> {
  const row = await db
    .selectFrom('portal_sign_in_codes')
    .select(CODE_COLUMNS)
    .where('manufacturer_id', '=', manufacturerId)
    .where('email_key', '=', emailKey)
    .orderBy('id', 'desc')
    .limit(1)
    .forUpdate()
    .executeTakeFirst();
  if (!row) return { ok: false, reason: 'no-code' };
  const expected = Buffer.from(row.code_hash, 'hex');
  const given = Buffer.from(codeMac(key, row.link_token_hash, code), 'hex');
  const matches = given.length === expected.length && timingSafeEqual(given, expected);
  if (row.used_at !== null) return { ok: false, reason: matches ? 'used' : 'no-code' };
  if (row.expired) return { ok: false, reason: 'expired' };
  if (row.tries >= PORTAL_SIGN_IN_CODE_MAX_TRIES) return { ok: false, reason: 'too-many-tries' };
  if (!matches || row.end_user_id === null) {
    const tries = row.tries + 1;
    await db.updateTable('portal_sign_in_codes').set({ tries }).where('id', '=', row.id).execute();
    return { ok: false, reason: 'wrong', triesLeft: PORTAL_SIGN_IN_CODE_MAX_TRIES - tries };
  }
  await markUsed(db, row.id);
  return { ok: true, codeId: row.id, endUserId: row.end_user_id };
}

/** Follows a magic link of a manufacturer's portal, within the caller's transaction (the row locked, used up on success). */
export async function redeemLink(db: Db, manufacturerId: number, linkToken: string): Promise<SignInOutcome> {
  const row = await db
    .selectFrom('portal_sign_in_codes')
    .select(CODE_COLUMNS)
    .where('manufacturer_id', '=', manufacturerId)
    .where('link_token_hash', '=', hashSessionToken(linkToken))
    .forUpdate()
    .executeTakeFirst();
  if (!row || row.end_user_id === null) return { ok: false, reason: 'unknown-link' };
  if (row.used_at !== null) return { ok: false, reason: 'used' };
  if (row.replaced_at !== null) return { ok: false, reason: 'replaced' };
  if (row.expired) return { ok: false, reason: 'expired' };
  await markUsed(db, row.id);
  return { ok: true, codeId: row.id, endUserId: row.end_user_id };
}
