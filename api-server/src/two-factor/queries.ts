import { sql } from 'kysely';
import { PENDING_SIGN_IN_MINUTES } from 'shared-kit/contract';
import type { Db } from '../db/database';
import type { PendingSignInPurpose } from '../db/schema';
import { hashSessionToken, newSessionToken } from '../auth/session-token';

/** The user's TOTP factor, confirmed or not. */
export function findTotpFactor(db: Db, systemUserId: number) {
  return db
    .selectFrom('totp_factors')
    .select(['secret_encrypted', 'confirmed_at', 'last_used_step'])
    .where('system_user_id', '=', systemUserId)
    .executeTakeFirst();
}

export async function hasConfirmedFactor(db: Db, systemUserId: number): Promise<boolean> {
  const row = await db
    .selectFrom('totp_factors')
    .select('system_user_id')
    .where('system_user_id', '=', systemUserId)
    .where('confirmed_at', 'is not', null)
    .executeTakeFirst();
  return row !== undefined;
}

/** The second factors a sign-in of the user may finish with; none: the password alone signs in. */
export async function secondFactorMethodsOf(
  db: Db,
  systemUserId: number,
): Promise<('passkey' | 'totp' | 'recovery_code')[]> {
  const passkey = await db
    .selectFrom('passkeys')
    .select('id')
    .where('system_user_id', '=', systemUserId)
    .executeTakeFirst();
  const totp = await hasConfirmedFactor(db, systemUserId);
  return [...(passkey ? (['passkey'] as const) : []), ...(totp ? (['totp', 'recovery_code'] as const) : [])];
}

/** A new, unconfirmed secret replaces an unconfirmed one; a confirmed factor is left alone (false). */
export async function startTotpEnrolment(db: Db, systemUserId: number, secretEncrypted: string): Promise<boolean> {
  const row = await db
    .insertInto('totp_factors')
    .values({ system_user_id: systemUserId, secret_encrypted: secretEncrypted })
    .onConflict((oc) =>
      oc
        .column('system_user_id')
        .doUpdateSet({ secret_encrypted: secretEncrypted, last_used_step: null })
        .where('totp_factors.confirmed_at', 'is', null),
    )
    .returning('system_user_id')
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Takes a code's time step: true when it is later than the last one taken (the same statement records it, so two
 * requests with one code cannot both pass). `confirm` also makes the factor active.
 */
export async function takeTotpStep(db: Db, systemUserId: number, step: number, confirm: boolean): Promise<boolean> {
  const row = await db
    .updateTable('totp_factors')
    .set({
      last_used_step: step,
      ...(confirm ? { confirmed_at: sql<Date>`now()` } : {}),
    })
    .where('system_user_id', '=', systemUserId)
    .where(confirm ? sql<boolean>`confirmed_at IS NULL` : sql<boolean>`confirmed_at IS NOT NULL`)
    .where((eb) => eb.or([eb('last_used_step', 'is', null), eb('last_used_step', '<', step)]))
    .returning('system_user_id')
    .executeTakeFirst();
  return row !== undefined;
}

export async function deleteFactors(db: Db, systemUserId: number): Promise<void> {
  await db.deleteFrom('totp_factors').where('system_user_id', '=', systemUserId).execute();
  await db.deleteFrom('recovery_codes').where('system_user_id', '=', systemUserId).execute();
}

/** Replaces every recovery code of the user (used or not) with these hashes. */
export async function replaceRecoveryCodes(db: Db, systemUserId: number, hashes: string[]): Promise<void> {
  await db.deleteFrom('recovery_codes').where('system_user_id', '=', systemUserId).execute();
  await db
    .insertInto('recovery_codes')
    .values(hashes.map((code_hash) => ({ system_user_id: systemUserId, code_hash })))
    .execute();
}

/** Marks an unused code used: true when it was one (a second use finds it used). */
export async function useRecoveryCode(db: Db, systemUserId: number, codeHash: string): Promise<boolean> {
  const row = await db
    .updateTable('recovery_codes')
    .set({ used_at: sql<Date>`now()` })
    .where('system_user_id', '=', systemUserId)
    .where('code_hash', '=', codeHash)
    .where('used_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

export async function countUnusedRecoveryCodes(db: Db, systemUserId: number): Promise<number> {
  const row = await db
    .selectFrom('recovery_codes')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('system_user_id', '=', systemUserId)
    .where('used_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/**
 * A pending sign-in for the user: its token (answered once; only its hash is kept) and when it ends. Its purpose
 * (a second step, or a required factor's enrolment) decides which routes take it.
 */
export async function createPendingSignIn(
  db: Db,
  systemUserId: number,
  purpose: PendingSignInPurpose = 'second_factor',
) {
  await db
    .deleteFrom('pending_sign_ins')
    .where('expires_at', '<', sql<Date>`now()`)
    .execute();
  const token = newSessionToken();
  const row = await db
    .insertInto('pending_sign_ins')
    .values({
      token_hash: hashSessionToken(token),
      system_user_id: systemUserId,
      purpose,
      expires_at: sql<Date>`now() + make_interval(mins => ${PENDING_SIGN_IN_MINUTES})`,
    })
    .returning('expires_at')
    .executeTakeFirstOrThrow();
  return { token, expiresAt: row.expires_at };
}

/**
 * The live pending sign-in of a token for this purpose with its (enabled) user, or undefined. Reading it does not
 * use it up.
 */
export function findPendingSignIn(db: Db, token: string, purpose: PendingSignInPurpose = 'second_factor') {
  return db
    .selectFrom('pending_sign_ins')
    .innerJoin('system_users', 'system_users.id', 'pending_sign_ins.system_user_id')
    .leftJoin('manufacturers', 'manufacturers.id', 'system_users.manufacturer_id')
    .select([
      'pending_sign_ins.id',
      'system_users.id as system_user_id',
      'system_users.email',
      'system_users.access_level',
      'system_users.manufacturer_id',
      'manufacturers.name as manufacturer_name',
    ])
    .where('pending_sign_ins.token_hash', '=', hashSessionToken(token))
    .where('pending_sign_ins.purpose', '=', purpose)
    .where('pending_sign_ins.expires_at', '>', sql<Date>`now()`)
    .where('system_users.disabled', '=', false)
    .executeTakeFirst();
}

/** Uses up a pending sign-in: true for the one request that deleted it. */
export async function takePendingSignIn(db: Db, id: number): Promise<boolean> {
  const row = await db.deleteFrom('pending_sign_ins').where('id', '=', id).returning('id').executeTakeFirst();
  return row !== undefined;
}

export async function findPasswordHash(db: Db, systemUserId: number): Promise<string | undefined> {
  const row = await db
    .selectFrom('system_users')
    .select('password_hash')
    .where('id', '=', systemUserId)
    .executeTakeFirst();
  return row?.password_hash;
}
