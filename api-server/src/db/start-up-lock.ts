import { sql } from 'kysely';
import type { Db } from './database';

/** Any fixed number: the advisory lock every ProductHub instance takes while it prepares the database. */
const START_UP_LOCK = 7_013_001;

/**
 * Runs `work` (migrations, seeding an empty database) while holding a PostgreSQL advisory lock, so instances
 * started together on one database prepare it one after the other: the second finds the schema migrated and
 * the demo data there instead of seeding it a second time. The lock is a transaction's (held by a transaction
 * kept open on one connection while `work` uses others), so it also holds behind PgBouncer in transaction mode,
 * and an instance killed while holding it releases it with its connection.
 */
export async function withStartUpLock<T>(db: Db, work: () => Promise<T>): Promise<T> {
  return db.transaction().execute(async (trx) => {
    await sql`SELECT pg_advisory_xact_lock(${START_UP_LOCK})`.execute(trx);
    return work();
  });
}
