import { Kysely, PostgresDialect, sql } from 'kysely';
import { Pool } from 'pg';
import { consumeRateLimits, type RateLimit } from '../src/auth/rate-limits';
import type { Database } from '../src/db/schema';
import { nameRegisteredStatements } from '../src/db/named-statements';
import { heartbeatLease } from '../src/floating/queries/leases';
import { clientApiSuite } from './client-fixtures';
import { makeSynthFloating, seatCalls } from './floating-fixtures';

/**
 * A named statement pays its planning once only when PostgreSQL keeps its generic plan: after five custom plans it
 * compares the generic plan's estimate with theirs and plans every call again when the generic one looks dearer.
 * A bound LIMIT did that to the rate-limit counting every client call runs (a generic plan expects a tenth of the
 * table), so each heart-beat was planned again: about a millisecond of PostgreSQL's CPU per call.
 */
describe('the hot named statements', () => {
  const suite = clientApiSuite({ trial_days: 7, machine_limit: 1 });

  async function onOneConnection(run: (db: Kysely<Database>) => Promise<void>) {
    const pool = new Pool({ connectionString: suite.t.databaseUrl, max: 1 });
    pool.on('connect', nameRegisteredStatements);
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    try {
      await run(db);
      const { rows } = await pool.query<{ name: string; generic_plans: string; custom_plans: string }>(
        'SELECT name, generic_plans::text, custom_plans::text FROM pg_prepared_statements',
      );
      return rows;
    } finally {
      await db.destroy();
    }
  }

  const limits = (machine: string): RateLimit[] => [
    { bucket: 'client:address:127.0.0.9', limit: 1_000, windowSeconds: 60 },
    { bucket: `client:machine:${machine}`, limit: 1_000, windowSeconds: 60 },
  ];

  it('keep their generic plans: the rate-limit counting and the heart-beat', async () => {
    const { t, world } = suite;
    await makeSynthFloating(t, world, { seats: 5 });
    const checkout = await seatCalls(t, world.synth.id, world.bobSynth.serial).checkout('GENERIC-1');
    expect(checkout.statusCode).toBe(200);
    const key = {
      productId: world.synth.id,
      serial: world.bobSynth.serial,
      hardwareFingerprint: 'GENERIC-1',
      leaseId: checkout.json().lease_id as string,
    };

    // A busy installation's counters: thousands of buckets whose windows ended, known to the statistics.
    await sql`
      INSERT INTO rate_limits (bucket, hits, window_ends_at)
      SELECT 'client:machine:OLD-' || n, 1, now() - interval '1 hour'
      FROM generate_series(1, 20000) n`.execute(t.db);
    await sql`ANALYZE rate_limits`.execute(t.db);

    const statements = await onOneConnection(async (db) => {
      for (let call = 0; call < 12; call++) {
        expect((await consumeRateLimits(db, limits(`GENERIC-${call}`))).allowed).toBe(true);
        expect((await heartbeatLease(db, limits('GENERIC-1'), key, new Date())).row).toBeDefined();
      }
    });

    const counting = statements.filter((statement) => statement.name.startsWith('rate_limits_'));
    const heartbeat = statements.filter((statement) => statement.name.startsWith('seat_heartbeat_'));
    expect(counting).toHaveLength(1);
    expect(heartbeat).toHaveLength(1);
    for (const statement of [...counting, ...heartbeat]) {
      // Five custom plans to compare with, then the generic plan for the other seven calls.
      expect(Number(statement.generic_plans)).toBeGreaterThanOrEqual(7);
      expect(Number(statement.custom_plans)).toBeLessThanOrEqual(5);
    }
  });
});
