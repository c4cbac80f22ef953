import { sql } from 'kysely';
import type { Db } from '../db/database';

export interface RateLimit {
  /** What is counted, e.g. `login:ip:<addr>`; every server instance sharing the database counts the same bucket. */
  bucket: string;
  limit: number;
  windowSeconds: number;
}

export interface RateLimitDecision {
  allowed: boolean;
  /** Seconds until the bucket's window ends (at least 1); of several refusing buckets, the latest. */
  retryAfterSeconds: number;
}

/** PostgreSQL text cannot hold U+0000 and a caller's key (an email, a serial) may: such keys are counted with their U+FFFD twins. */
const storable = (bucket: string) => bucket.replace(/\u0000/g, '\uFFFD');

/** Expired buckets removed per call: more than a call can add, so the table stays bounded. */
const PRUNE_PER_CALL = 10;

/**
 * Counts one hit in a fixed window of each bucket, all in one statement: the upsert starts a new window where the
 * old one ended, and the same statement deletes a few expired buckets of others (SKIP LOCKED: callers never wait
 * on each other). Rows are upserted in bucket order, so two calls sharing buckets cannot deadlock.
 *
 * Outside a transaction the counters commit asynchronously (`synchronous_commit` off for this statement only):
 * a counter is not worth a disk flush per call, and a crash can lose at most the last fraction of a second of
 * counts (docs/client-api.md). Inside a caller's transaction the caller's commit decides.
 */
export async function consumeRateLimits(db: Db, limits: RateLimit[]): Promise<RateLimitDecision> {
  const byBucket = new Map<string, RateLimit>();
  for (const limit of limits) byBucket.set(storable(limit.bucket), limit);
  const buckets = [...byBucket.keys()].sort();
  if (buckets.length === 0) return { allowed: true, retryAfterSeconds: 1 };
  const windows = buckets.map((bucket) => byBucket.get(bucket)!.windowSeconds);
  const asyncCommit = db.isTransaction ? sql`` : sql`, (SELECT set_config('synchronous_commit', 'off', true)) AS async_commit`;
  const result = await sql<{ bucket: string; hits: number; retry_after: number }>`
    WITH pruned AS (
      DELETE FROM rate_limits WHERE bucket IN (
        SELECT bucket FROM rate_limits
        WHERE window_ends_at < now() AND bucket <> ALL (${buckets}::text[])
        ORDER BY window_ends_at
        LIMIT ${PRUNE_PER_CALL}
        FOR UPDATE SKIP LOCKED
      )
    )
    INSERT INTO rate_limits AS r (bucket, hits, window_ends_at)
    SELECT k.bucket, 1, now() + make_interval(secs => k.seconds)
    FROM unnest(${buckets}::text[], ${windows}::integer[]) WITH ORDINALITY AS k(bucket, seconds, n)${asyncCommit}
    ORDER BY k.n
    ON CONFLICT (bucket) DO UPDATE SET
      hits = CASE WHEN r.window_ends_at <= now() THEN 1 ELSE least(r.hits, 1000000000) + 1 END,
      window_ends_at = CASE WHEN r.window_ends_at <= now() THEN excluded.window_ends_at ELSE r.window_ends_at END
    RETURNING bucket, hits, greatest(1, ceil(extract(epoch FROM window_ends_at - now())))::integer AS retry_after
  `.execute(db);
  const refused = result.rows.filter((row) => row.hits > byBucket.get(row.bucket)!.limit);
  const waits = (refused.length > 0 ? refused : result.rows).map((row) => row.retry_after);
  return { allowed: refused.length === 0, retryAfterSeconds: Math.max(...waits) };
}

/** Counts one hit of one bucket (see consumeRateLimits). */
export const consumeRateLimit = (db: Db, limit: RateLimit) => consumeRateLimits(db, [limit]);
