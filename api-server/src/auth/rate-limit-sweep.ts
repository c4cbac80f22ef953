import { sql } from 'kysely';
import type { Db } from '../db/database';

/**
 * How often each server instance removes expired rate-limit buckets (main.ts runs the sweep in a poll loop), and
 * how many one statement removes (at once again after a full batch): the table holds the live buckets and about ten
 * seconds of expired ones.
 */
export const RATE_LIMIT_SWEEP = { pollIntervalMs: 10_000, batchSize: 1_000 };

/**
 * Removes up to `batch` buckets whose window has ended, oldest first; answers how many. SKIP LOCKED: it never waits
 * on a call counting one of them (that call starts the bucket's new window itself), and instances sweeping at once
 * take different rows. Its commit does not wait for the disk: a removal lost in a crash is made by the next sweep.
 */
export async function pruneExpiredRateLimits(db: Db, batch = RATE_LIMIT_SWEEP.batchSize): Promise<number> {
  const result = await sql`
    DELETE FROM rate_limits WHERE bucket IN (
      SELECT r.bucket FROM rate_limits r, (SELECT set_config('synchronous_commit', 'off', true)) AS async_commit
      WHERE r.window_ends_at < now()
      ORDER BY r.window_ends_at
      LIMIT ${batch}
      FOR UPDATE OF r SKIP LOCKED
    )`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}
