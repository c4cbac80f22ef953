import { sql } from 'kysely';
import type { Db } from '../db/database';
import { SESSION_LIFETIME_HOURS } from 'shared-kit/contract';
import { hashSessionToken, newSessionToken } from '../auth/session-token';

export async function createSession(db: Db, systemUserId: number): Promise<string> {
  const token = newSessionToken();
  await db
    .insertInto('sessions')
    .values({
      token_hash: hashSessionToken(token),
      system_user_id: systemUserId,
      expires_at: sql<Date>`now() + make_interval(hours => ${SESSION_LIFETIME_HOURS})`,
      revoked_at: null,
    })
    .execute();
  return token;
}

/** The live session of a token's hash with its system user, or undefined (unknown, revoked, expired, user disabled). */
export async function findActiveSession(db: Db, tokenHash: string) {
  return db
    .selectFrom('sessions')
    .innerJoin('system_users', 'system_users.id', 'sessions.system_user_id')
    .leftJoin('manufacturers', 'manufacturers.id', 'system_users.manufacturer_id')
    .select([
      'sessions.id as session_id',
      'sessions.expires_at',
      'system_users.id as system_user_id',
      'system_users.email',
      'system_users.access_level',
      'system_users.manufacturer_id',
      'manufacturers.name as manufacturer_name',
    ])
    .where('sessions.token_hash', '=', tokenHash)
    .where('sessions.revoked_at', 'is', null)
    .where('sessions.expires_at', '>', sql<Date>`now()`)
    .where('system_users.disabled', '=', false)
    .executeTakeFirst();
}

export async function revokeSession(db: Db, sessionId: number): Promise<void> {
  await db.updateTable('sessions').set({ revoked_at: sql<Date>`now()` }).where('id', '=', sessionId).where('revoked_at', 'is', null).execute();
}

export async function revokeSessionsOfUser(db: Db, systemUserId: number): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ revoked_at: sql<Date>`now()` })
    .where('system_user_id', '=', systemUserId)
    .where('revoked_at', 'is', null)
    .execute();
}
