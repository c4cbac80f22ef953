import { sql } from 'kysely';
import { PASSKEY_CHALLENGE_MINUTES } from 'shared-kit/contract';
import type { Db } from '../db/database';

export type ChallengePurpose = 'registration' | 'sign_in' | 'proof';

export function listPasskeys(db: Db, systemUserId: number) {
  return db
    .selectFrom('passkeys')
    .select(['id', 'name', 'credential_id', 'public_key', 'counter', 'transports', 'created_at', 'last_used_at'])
    .where('system_user_id', '=', systemUserId)
    .orderBy('id')
    .execute();
}

export async function hasPasskey(db: Db, systemUserId: number): Promise<boolean> {
  const row = await db
    .selectFrom('passkeys')
    .select('id')
    .where('system_user_id', '=', systemUserId)
    .executeTakeFirst();
  return row !== undefined;
}

export function findPasskeyByCredential(db: Db, systemUserId: number, credentialId: string) {
  return db
    .selectFrom('passkeys')
    .select(['id', 'credential_id', 'public_key', 'counter', 'transports'])
    .where('system_user_id', '=', systemUserId)
    .where('credential_id', '=', credentialId)
    .executeTakeFirst();
}

export async function addPasskey(
  db: Db,
  passkey: {
    systemUserId: number;
    credentialId: string;
    publicKey: Uint8Array;
    counter: number;
    transports: string[];
    name: string;
  },
) {
  return db
    .insertInto('passkeys')
    .values({
      system_user_id: passkey.systemUserId,
      credential_id: passkey.credentialId,
      public_key: Buffer.from(passkey.publicKey),
      counter: passkey.counter,
      transports: passkey.transports,
      name: passkey.name,
    })
    .onConflict((oc) => oc.column('credential_id').doNothing())
    .returning(['id', 'name', 'created_at', 'last_used_at'])
    .executeTakeFirst();
}

/**
 * Records a use: the new counter, only where it is still the one the check was made against (two requests with one
 * answer cannot both pass).
 */
export async function takePasskeyUse(db: Db, id: number, seenCounter: string, newCounter: number): Promise<boolean> {
  const row = await db
    .updateTable('passkeys')
    .set({ counter: newCounter, last_used_at: sql<Date>`now()` })
    .where('id', '=', id)
    .where('counter', '=', seenCounter)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

export async function deletePasskey(db: Db, systemUserId: number, id: number) {
  return db
    .deleteFrom('passkeys')
    .where('id', '=', id)
    .where('system_user_id', '=', systemUserId)
    .returning(['id', 'name'])
    .executeTakeFirst();
}

/** Keeps a challenge handed out to the user for one purpose (a sign-in's with its pending sign-in). */
export async function keepChallenge(
  db: Db,
  challenge: { value: string; systemUserId: number; purpose: ChallengePurpose; pendingSignInId?: number },
): Promise<void> {
  await db
    .deleteFrom('webauthn_challenges')
    .where('expires_at', '<', sql<Date>`now()`)
    .execute();
  await db
    .insertInto('webauthn_challenges')
    .values({
      challenge: challenge.value,
      system_user_id: challenge.systemUserId,
      purpose: challenge.purpose,
      pending_sign_in_id: challenge.pendingSignInId ?? null,
      expires_at: sql<Date>`now() + make_interval(mins => ${PASSKEY_CHALLENGE_MINUTES})`,
    })
    .execute();
}

/**
 * Takes (deletes) a live challenge of the user for the purpose: true for the one request that took it. A replayed
 * answer finds its challenge gone.
 */
export async function takeChallenge(
  db: Db,
  challenge: { value: string; systemUserId: number; purpose: ChallengePurpose; pendingSignInId?: number },
): Promise<boolean> {
  let query = db
    .deleteFrom('webauthn_challenges')
    .where('challenge', '=', challenge.value)
    .where('system_user_id', '=', challenge.systemUserId)
    .where('purpose', '=', challenge.purpose)
    .where('expires_at', '>', sql<Date>`now()`);
  if (challenge.pendingSignInId !== undefined)
    query = query.where('pending_sign_in_id', '=', challenge.pendingSignInId);
  const row = await query.returning('id').executeTakeFirst();
  return row !== undefined;
}
