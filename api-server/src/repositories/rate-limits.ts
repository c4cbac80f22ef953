import { sql } from 'kysely';
import type { Db } from '../db/database';

export interface RateLimit {
  /** What is counted, e.g. `client:address:203.0.113.7`. */
  bucket: string;
  /** Calls allowed per window. */
  limit: number;
  windowSeconds: number;
}

/**
 * Counts one call against the bucket's fixed window and says whether it is within the limit: one statement,
 * shared by every server instance (the counter lives in PostgreSQL), atomic under concurrency (the row is
 * upserted). A window that has ended starts again at this call.
 */
export async function consumeRateLimit(db: Db, { bucket, limit, windowSeconds }: RateLimit): Promise<{ allowed: boolean; retryAfterSeconds: number }> {
  const { rows } = await sql<{ hits: number; retry_after: number }>`
    INSERT INTO rate_limits AS r (bucket, window_started_at, hits) VALUES (${bucket}, now(), 1)
    ON CONFLICT (bucket) DO UPDATE SET
      hits = CASE WHEN r.window_started_at <= now() - make_interval(secs => ${windowSeconds}) THEN 1 ELSE r.hits + 1 END,
      window_started_at = CASE WHEN r.window_started_at <= now() - make_interval(secs => ${windowSeconds}) THEN now() ELSE r.window_started_at END
    RETURNING hits, greatest(1, ceil(extract(epoch FROM r.window_started_at + make_interval(secs => ${windowSeconds}) - now())))::integer AS retry_after`.execute(db);
  const row = rows[0]!;
  return { allowed: row.hits <= limit, retryAfterSeconds: row.retry_after };
}
