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
  /** Seconds until the bucket's window ends (at least 1). */
  retryAfterSeconds: number;
}

/** PostgreSQL text cannot hold U+0000 and a caller's key (an email, a serial) may: such keys are counted with their U+FFFD twins. */
const storable = (bucket: string) => bucket.replace(/\u0000/g, '\uFFFD');

/** Expired buckets removed per call: more than the one a call can add, so the table stays bounded. */
const PRUNE_PER_CALL = 10;

/**
 * Counts one hit in a fixed window, in one statement: the upsert starts a new window when the old one ended,
 * and the same statement deletes a few expired buckets of others (SKIP LOCKED: callers never wait on each other).
 */
export async function consumeRateLimit(db: Db, { bucket: key, limit, windowSeconds }: RateLimit): Promise<RateLimitDecision> {
  const bucket = storable(key);
  const result = await sql<{ hits: number; retry_after: number }>`
    WITH pruned AS (
      DELETE FROM rate_limits WHERE bucket IN (
        SELECT bucket FROM rate_limits
        WHERE window_ends_at < now() AND bucket <> ${bucket}
        ORDER BY window_ends_at
        LIMIT ${PRUNE_PER_CALL}
        FOR UPDATE SKIP LOCKED
      )
    )
    INSERT INTO rate_limits AS r (bucket, hits, window_ends_at)
    VALUES (${bucket}, 1, now() + make_interval(secs => ${windowSeconds}))
    ON CONFLICT (bucket) DO UPDATE SET
      hits = CASE WHEN r.window_ends_at <= now() THEN 1 ELSE least(r.hits, 1000000000) + 1 END,
      window_ends_at = CASE WHEN r.window_ends_at <= now() THEN excluded.window_ends_at ELSE r.window_ends_at END
    RETURNING hits, greatest(1, ceil(extract(epoch FROM window_ends_at - now())))::integer AS retry_after
  `.execute(db);
  const row = result.rows[0]!;
  return { allowed: row.hits <= limit, retryAfterSeconds: row.retry_after };
}
