import { sql } from 'kysely';
import type { Db } from '../db/database';
import { SESSION_LIFETIME_HOURS } from 'shared-kit/contract';
import { hashSessionToken, newSessionToken } from './session-token';

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

/** Use is recorded at most once a minute per session, so a busy session does not write on every request. */
const LAST_USE_RESOLUTION = sql`interval '1 minute'`;

/**
 * The live session of a token's hash with its system user, or undefined (unknown, revoked, expired, idle for
 * `idleMinutes`, user disabled). The same statement records the use when the last recorded one is a minute old;
 * `idle_expires_at` is when the session dies unless used again.
 */
export async function findActiveSession(db: Db, tokenHash: string, idleMinutes: number) {
  const idle = sql`make_interval(mins => ${idleMinutes})`;
  return db
    .with('touched', (qb) =>
      qb
        .updateTable('sessions')
        .set({ last_used_at: sql<Date>`now()` })
        .where('token_hash', '=', tokenHash)
        .where('revoked_at', 'is', null)
        .where('expires_at', '>', sql<Date>`now()`)
        .where('last_used_at', '>', sql<Date>`now() - ${idle}`)
        .where('last_used_at', '<', sql<Date>`now() - ${LAST_USE_RESOLUTION}`)
        .returning('id'),
    )
    .selectFrom('sessions')
    .innerJoin('system_users', 'system_users.id', 'sessions.system_user_id')
    .leftJoin('manufacturers', 'manufacturers.id', 'system_users.manufacturer_id')
    .select([
      'sessions.id as session_id',
      'sessions.expires_at',
      sql<Date>`greatest(sessions.last_used_at, (SELECT now() FROM touched)) + ${idle}`.as('idle_expires_at'),
      'system_users.id as system_user_id',
      'system_users.email',
      'system_users.access_level',
      'system_users.manufacturer_id',
      'manufacturers.name as manufacturer_name',
    ])
    .where('sessions.token_hash', '=', tokenHash)
    .where('sessions.revoked_at', 'is', null)
    .where('sessions.expires_at', '>', sql<Date>`now()`)
    .where('sessions.last_used_at', '>', sql<Date>`now() - ${idle}`)
    .where('system_users.disabled', '=', false)
    .executeTakeFirst();
}

export async function revokeSession(db: Db, sessionId: number): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ revoked_at: sql<Date>`now()` })
    .where('id', '=', sessionId)
    .where('revoked_at', 'is', null)
    .execute();
}

export async function revokeSessionsOfUser(db: Db, systemUserId: number): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ revoked_at: sql<Date>`now()` })
    .where('system_user_id', '=', systemUserId)
    .where('revoked_at', 'is', null)
    .execute();
}
