import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../db/database';
import { executeNamed } from '../db/named-statements';
import type { OutboxSettings } from './settings';

/**
 * The batch size written into the claim's text, not bound: a generic plan takes a bound LIMIT for a tenth of the
 * table and PostgreSQL would plan the named claim again on every pass (test/named-statements-generic-plans.test.ts).
 * A setting is a whole number of at least 1 (settings.ts); anything else is refused here too.
 */
function claimLimit(batchSize: number): number {
  if (!Number.isInteger(batchSize) || batchSize < 1)
    throw new Error(`batch size ${batchSize}: not a whole number of at least 1`);
  return batchSize;
}

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
  const result = await executeNamed(
    db,
    `${outbox.table}_claim`,
    sql<Claimed>`
    WITH due AS (
      SELECT o.id FROM ${table} o
      WHERE o.status = 'pending' AND o.next_attempt_at <= now() ${outbox.dueWhen ? sql`AND ${outbox.dueWhen}` : sql``}
      ORDER BY o.next_attempt_at
      LIMIT ${sql.lit(claimLimit(settings.batchSize))}
      FOR UPDATE OF o SKIP LOCKED
    ), claimed AS (
      UPDATE ${table} o
      SET attempts = o.attempts + 1, next_attempt_at = now() + ${settings.leaseMs} * interval '1 millisecond', last_attempt_at = now()
      FROM due WHERE o.id = due.id
      RETURNING o.*
    )
    ${outbox.selectClaimed}`,
  );
  return result.rows;
}
