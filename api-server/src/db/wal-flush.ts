import { sql } from 'kysely';
import type { Db } from './database';
import { executeNamed } from './named-statements';

/**
 * Makes every commit before it durable: commits an empty WAL message with a durable commit, which waits until the WAL
 * up to it is on disk. (A transactional message: the `flush` argument that would avoid its commit record exists only
 * from PostgreSQL 17, and `DATABASE_URL` may name an older one.)
 * A write whose locks must not wait for the disk (a check-out holds its licence's lock to its commit) commits
 * without waiting (`synchronous_commit` off for its transaction) and its caller calls this before it answers, so an
 * answer never reports what a crash could lose. What others read of that write in between is safe: whatever they
 * commit on it is later in the WAL, so it is durable only once that write is, and the outboxes' workers commit their
 * claim (a flush) before they send a webhook or mail about it.
 */
export async function flushWal(db: Db): Promise<void> {
  await executeNamed(db, 'wal_flush', sql`SELECT pg_logical_emit_message(true, 'producthub', '')`);
}
