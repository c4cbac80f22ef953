import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../db/database';
import type { OutboxSettings } from './settings';

/** One outbox table: rows with id, status ('pending' until final), attempts, next_attempt_at, last_attempt_at. */
export interface OutboxTable<Claimed> {
  table: string;
  /** Further conditions a due row must meet, on the row aliased `o` (e.g. its endpoint is enabled). */
  dueWhen?: RawBuilder<unknown>;
  /** The SELECT over the CTE `claimed` (the claimed rows' every column) that answers what a send needs. */
  selectClaimed: RawBuilder<Claimed>;
}

/**
 * Claims due rows: rows another worker holds are skipped (SKIP LOCKED), and a claimed row is pushed a lease into
 * the future and counted as an attempt in the same statement, so it stays invisible to every worker while this
 * one sends it. A worker dying mid-send leaves the row pending: it is due again when the lease ends and another
 * worker sends it.
 */
export async function claimDue<Claimed>(
  db: Db,
  outbox: OutboxTable<Claimed>,
  settings: OutboxSettings,
): Promise<Claimed[]> {
  const table = sql.table(outbox.table);
  const result = await sql<Claimed>`
    WITH due AS (
      SELECT o.id FROM ${table} o
      WHERE o.status = 'pending' AND o.next_attempt_at <= now() ${outbox.dueWhen ? sql`AND ${outbox.dueWhen}` : sql``}
      ORDER BY o.next_attempt_at
      LIMIT ${settings.batchSize}
      FOR UPDATE OF o SKIP LOCKED
    ), claimed AS (
      UPDATE ${table} o
      SET attempts = o.attempts + 1, next_attempt_at = now() + ${settings.leaseMs} * interval '1 millisecond', last_attempt_at = now()
      FROM due WHERE o.id = due.id
      RETURNING o.*
    )
    ${outbox.selectClaimed}`.execute(db);
  return result.rows;
}
