import { expressionBuilder, sql, type Expression, type QueryCreator, type RawBuilder, type SqlBool } from 'kysely';
import type { Db } from '../db/database';
import type { Database } from '../db/schema';
import { SESSION_LIFETIME_HOURS } from 'shared-kit/contract';
import { hashSessionToken, newSessionToken } from './session-token';

/**
 * The one session store: staff sessions (`sessions`) and customer sessions (`portal_sessions`, read by
 * portal/customer-sessions.ts) share the token, the lifetime, the idle limit, the recording of use and revocation.
 */
export type SessionTable = 'sessions' | 'portal_sessions';

/** A new session's own columns: only the token's SHA-256 is stored; the token is answered once. */
export function newSessionColumns(token: string) {
  return {
    token_hash: hashSessionToken(token),
    expires_at: sql<Date>`now() + make_interval(hours => ${SESSION_LIFETIME_HOURS})`,
    revoked_at: null,
  };
}

export const idleInterval = (idleMinutes: number) => sql`make_interval(mins => ${idleMinutes})`;

/** The session of a token's hash is live: not revoked, not expired, used within `idle`. */
export function liveSession(table: SessionTable, tokenHash: string, idle: RawBuilder<unknown>): Expression<SqlBool> {
  const eb = expressionBuilder<Database, SessionTable>();
  return eb.and([
    eb(`${table}.token_hash`, '=', tokenHash),
    eb(`${table}.revoked_at`, 'is', null),
    eb(`${table}.expires_at`, '>', sql<Date>`now()`),
    eb(`${table}.last_used_at`, '>', sql<Date>`now() - ${idle}`),
  ]);
}

/** Use is recorded at most once a minute per session, so a busy session does not write on every request. */
const LAST_USE_RESOLUTION = sql`interval '1 minute'`;

/**
 * The `touched` CTE of a session read: records the use of the live session when the last recorded one is a minute
 * old (a data-modifying CTE runs whether or not the query reads it).
 */
export function touchLiveSession(table: SessionTable, tokenHash: string, idle: RawBuilder<unknown>) {
  return (db: QueryCreator<Database>) =>
    db
      .updateTable(table)
      .set({ last_used_at: sql<Date>`now()` })
      .where(liveSession(table, tokenHash, idle))
      .where('last_used_at', '<', sql<Date>`now() - ${LAST_USE_RESOLUTION}`)
      .returning('id');
}

/** Revokes one session (a second revocation changes nothing). */
export async function revokeSessionRow(db: Db, table: SessionTable, sessionId: number): Promise<void> {
  await db
    .updateTable(table)
    .set({ revoked_at: sql<Date>`now()` })
    .where('id', '=', sessionId)
    .where('revoked_at', 'is', null)
    .execute();
}

/** Where a staff session was signed in from, as "My sessions" shows it. */
export interface SessionDevice {
  userAgent: string | undefined;
  address: string;
}

/** Enough of a user agent to tell browsers apart; the rest is noise a client controls. */
export const USER_AGENT_MAX_LENGTH = 256;

export function trimUserAgent(userAgent: string | undefined): string | null {
  const trimmed = (userAgent ?? '')
    .replace(/[\u0000-\u001f\u007f-\u009f]/gu, ' ')
    .trim()
    .slice(0, USER_AGENT_MAX_LENGTH)
    .trim();
  return trimmed || null;
}

export async function createSession(db: Db, systemUserId: number, device: SessionDevice): Promise<string> {
  const token = newSessionToken();
  await db
    .insertInto('sessions')
    .values({
      ...newSessionColumns(token),
      system_user_id: systemUserId,
      user_agent: trimUserAgent(device.userAgent),
      address: device.address,
    })
    .execute();
  return token;
}

/**
 * The live session of a token's hash with its system user, or undefined (unknown, revoked, expired, idle for
 * `idleMinutes`, user disabled). The same statement records the use when the last recorded one is a minute old;
 * `idle_expires_at` is when the session dies unless used again.
 */
export async function findActiveSession(db: Db, tokenHash: string, idleMinutes: number) {
  const idle = idleInterval(idleMinutes);
  return db
    .with('touched', touchLiveSession('sessions', tokenHash, idle))
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
      'system_users.staff_role',
      'manufacturers.name as manufacturer_name',
    ])
    .where(liveSession('sessions', tokenHash, idle))
    .where('system_users.disabled', '=', false)
    .executeTakeFirst();
}

export const revokeSession = (db: Db, sessionId: number) => revokeSessionRow(db, 'sessions', sessionId);

export async function revokeSessionsOfUser(db: Db, systemUserId: number): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ revoked_at: sql<Date>`now()` })
    .where('system_user_id', '=', systemUserId)
    .where('revoked_at', 'is', null)
    .execute();
}
