import { sql } from 'kysely';
import { SESSION_LIFETIME_HOURS } from 'shared-kit/contract';
import type { Db } from '../db/database';
import { hashSessionToken, newSessionToken } from '../auth/session-token';

/** A new customer session: the token is answered once, only its SHA-256 is stored. */
export async function createCustomerSession(
  db: Db,
  manufacturerId: number,
  endUserId: number,
): Promise<{ id: number; token: string; expiresAt: Date }> {
  const token = newSessionToken();
  const row = await db
    .insertInto('portal_sessions')
    .values({
      manufacturer_id: manufacturerId,
      end_user_id: endUserId,
      token_hash: hashSessionToken(token),
      expires_at: sql<Date>`now() + make_interval(hours => ${SESSION_LIFETIME_HOURS})`,
      revoked_at: null,
    })
    .returning(['id', 'expires_at'])
    .executeTakeFirstOrThrow();
  return { id: row.id, token, expiresAt: row.expires_at };
}

/** Use is recorded at most once a minute per session, as for staff sessions. */
const LAST_USE_RESOLUTION = sql`interval '1 minute'`;

/**
 * The live customer session of a token's hash, with its end user and manufacturer, or undefined (unknown, revoked,
 * expired, idle for `idleMinutes`). The same statement records the use when the last recorded one is a minute old
 * (a data-modifying CTE runs whether or not the query reads it).
 */
export async function findActiveCustomerSession(db: Db, tokenHash: string, idleMinutes: number) {
  const idle = sql`make_interval(mins => ${idleMinutes})`;
  return db
    .with('touched', (qb) =>
      qb
        .updateTable('portal_sessions')
        .set({ last_used_at: sql<Date>`now()` })
        .where('token_hash', '=', tokenHash)
        .where('revoked_at', 'is', null)
        .where('expires_at', '>', sql<Date>`now()`)
        .where('last_used_at', '>', sql<Date>`now() - ${idle}`)
        .where('last_used_at', '<', sql<Date>`now() - ${LAST_USE_RESOLUTION}`)
        .returning('id'),
    )
    .selectFrom('portal_sessions')
    .innerJoin('end_users', 'end_users.id', 'portal_sessions.end_user_id')
    .innerJoin('manufacturers', 'manufacturers.id', 'portal_sessions.manufacturer_id')
    .select([
      'portal_sessions.id as session_id',
      'end_users.id as end_user_id',
      'end_users.email',
      'manufacturers.id as manufacturer_id',
      'manufacturers.name as manufacturer_name',
      'manufacturers.portal_slug',
      'manufacturers.portal_enabled',
    ])
    .where('portal_sessions.token_hash', '=', tokenHash)
    .where('portal_sessions.revoked_at', 'is', null)
    .where('portal_sessions.expires_at', '>', sql<Date>`now()`)
    .where('portal_sessions.last_used_at', '>', sql<Date>`now() - ${idle}`)
    .whereRef('end_users.manufacturer_id', '=', 'portal_sessions.manufacturer_id')
    .executeTakeFirst();
}

export async function revokeCustomerSession(db: Db, sessionId: number): Promise<void> {
  await db
    .updateTable('portal_sessions')
    .set({ revoked_at: sql<Date>`now()` })
    .where('id', '=', sessionId)
    .where('revoked_at', 'is', null)
    .execute();
}
