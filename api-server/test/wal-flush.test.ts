import { Kysely, PostgresDialect, sql } from 'kysely';
import { Pool } from 'pg';
import { consumeRateLimits } from '../src/auth/rate-limits';
import type { Database } from '../src/db/schema';
import { flushWal } from '../src/db/wal-flush';
import { clientApiSuite } from './client-fixtures';

/** What commits without waiting for the disk (a check-out, a rate-limit count) is on disk once flushWal answers. */
describe('flushWal', () => {
  const suite = clientApiSuite({ trial_days: 7, machine_limit: 1 });

  it('answers only when every commit before it is on disk', async () => {
    const pool = new Pool({ connectionString: suite.t.databaseUrl, max: 1 });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    const lsns = () =>
      sql<{ written: string }>`
        SELECT pg_current_wal_insert_lsn() AS written`.execute(db);
    try {
      // A rate-limit count commits asynchronously: its commit is written, and on disk within the WAL writer's delay.
      await consumeRateLimits(db, [{ bucket: 'client:address:127.0.0.11', limit: 10, windowSeconds: 60 }]);
      const before = (await lsns()).rows[0]!;
      await flushWal(db);
      const { rows } = await sql<{ on_disk: boolean }>`
        SELECT pg_current_wal_flush_lsn() >= ${before.written}::pg_lsn AS on_disk`.execute(db);
      expect(rows[0]!.on_disk).toBe(true);
    } finally {
      await db.destroy();
    }
  });
});
