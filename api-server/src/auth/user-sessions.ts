import { sql } from 'kysely';
import type { Db } from '../db/database';
import { idleInterval } from './sessions';

/** A live session of a system user, as "My sessions" lists it. */
export interface UserSessionRow {
  id: number;
  user_agent: string | null;
  address: string | null;
  created_at: Date;
  last_used_at: Date;
}

/** The live sessions of a user (not revoked, not expired, not idle), the most recently used first. */
export function listLiveSessions(db: Db, systemUserId: number, idleMinutes: number): Promise<UserSessionRow[]> {
  return db
    .selectFrom('sessions')
    .select(['id', 'user_agent', 'address', 'created_at', 'last_used_at'])
    .where('system_user_id', '=', systemUserId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .where('last_used_at', '>', sql<Date>`now() - ${idleInterval(idleMinutes)}`)
    .orderBy('last_used_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

/** Ends one session of a user; false when the user has no such session still open. */
export async function endSessionOfUser(db: Db, systemUserId: number, sessionId: number): Promise<boolean> {
  const ended = await db
    .updateTable('sessions')
    .set({ revoked_at: sql<Date>`now()` })
    .where('id', '=', sessionId)
    .where('system_user_id', '=', systemUserId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .executeTakeFirst();
  return ended.numUpdatedRows > 0n;
}

/** Ends every open session of a user but `keep` (none when undefined); answers the ids it ended. */
export async function endSessionsOfUser(db: Db, systemUserId: number, keep?: number): Promise<number[]> {
  let query = db
    .updateTable('sessions')
    .set({ revoked_at: sql<Date>`now()` })
    .where('system_user_id', '=', systemUserId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`);
  if (keep !== undefined) query = query.where('id', '!=', keep);
  const ended = await query.returning('id').execute();
  return ended.map((row) => row.id);
}
