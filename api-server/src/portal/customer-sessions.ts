import type { Db } from '../db/database';
import { compiledOncePerShape } from '../db/compiled-once';
import { idleInterval, liveSession, newSessionColumns, revokeSessionRow, touchLiveSession } from '../auth/sessions';
import { newSessionToken } from '../auth/session-token';

/** A new customer session: the token is answered once, only its SHA-256 is stored. */
export async function createCustomerSession(
  db: Db,
  manufacturerId: number,
  endUserId: number,
): Promise<{ id: number; token: string; expiresAt: Date }> {
  const token = newSessionToken();
  const row = await db
    .insertInto('portal_sessions')
    .values({ manufacturer_id: manufacturerId, end_user_id: endUserId, ...newSessionColumns(token) })
    .returning(['id', 'expires_at'])
    .executeTakeFirstOrThrow();
  return { id: row.id, token, expiresAt: row.expires_at };
}

// Built and compiled once and sent by name: every portal call runs it (db/compiled-once.ts).
const activeSessionStatement = compiledOncePerShape(
  (db: Db, _shape: 'live', { tokenHash, idleMinutes }: { tokenHash: string; idleMinutes: number }) => {
    const idle = idleInterval(idleMinutes);
    return db
      .with('touched', touchLiveSession('portal_sessions', tokenHash, idle))
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
      .where(liveSession('portal_sessions', tokenHash, idle))
      .whereRef('end_users.manufacturer_id', '=', 'portal_sessions.manufacturer_id');
  },
  { named: 'portal_session' },
);

/**
 * The live customer session of a token's hash, with its end user and manufacturer, or undefined (unknown, revoked,
 * expired, idle for `idleMinutes`). The same statement records the use when the last recorded one is a minute old,
 * as for staff sessions.
 */
export async function findActiveCustomerSession(db: Db, tokenHash: string, idleMinutes: number) {
  return (await activeSessionStatement(db, 'live', { tokenHash, idleMinutes })).rows[0];
}

export const revokeCustomerSession = (db: Db, sessionId: number) => revokeSessionRow(db, 'portal_sessions', sessionId);
