import { Kysely, PostgresDialect, sql, type CompiledQuery } from 'kysely';
import { Pool } from 'pg';
import type { Database } from '../src/db/schema';
import { heartbeatLease } from '../src/floating/queries/leases';
import { clientApiSuite } from './client-fixtures';
import { makeSynthFloating, seatCalls } from './floating-fixtures';

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}

const nodesOf = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(nodesOf)];

/**
 * A heart-beat must reach its licence by one index probe whatever the statistics say: a product's licences sold
 * since the last ANALYZE look like none to the planner, which then walked all of them to find the serial.
 */
describe('the heart-beat statement', () => {
  const suite = clientApiSuite({ trial_days: 7, machine_limit: 1 });

  it("reaches the licence without walking the product's licences, even when they are missing from the statistics", async () => {
    const { t, world } = suite;
    await makeSynthFloating(t, world, { seats: 5 });
    const checkout = await seatCalls(t, world.synth.id, world.bobSynth.serial).checkout('PLAN-1');
    expect(checkout.statusCode).toBe(200);
    const leaseId = checkout.json().lease_id as string;
    // The statistics as of now, then 3,000 more licences of the product they do not know of.
    await sql`ANALYZE licenses`.execute(t.db);
    await sql`
      INSERT INTO licenses (manufacturer_id, product_id, user_id, serial, license_type)
      SELECT ${world.manufacturerA.id}, ${world.synth.id}, ${world.bobSynth.user_id},
        'PLAN-' || lpad(n::text, 6, '0'), 'Standard'
      FROM generate_series(1, 3000) n`.execute(t.db);

    const captured: CompiledQuery[] = [];
    const pool = new Pool({ connectionString: t.databaseUrl, max: 1 });
    const db = new Kysely<Database>({
      dialect: new PostgresDialect({ pool }),
      log: (event) => void (event.level === 'query' && captured.push(event.query)),
    });
    try {
      const key = {
        productId: world.synth.id,
        serial: world.bobSynth.serial,
        hardwareFingerprint: 'PLAN-1',
        leaseId,
      };
      expect((await heartbeatLease(db, [], key, new Date())).row).toBeDefined();
      const [statement] = captured;
      const { rows } = await pool.query<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(
        `EXPLAIN (FORMAT JSON) ${statement!.sql}`,
        statement!.parameters as unknown[],
      );
      const licenceScans = nodesOf(rows[0]!['QUERY PLAN'][0].Plan).filter(
        (node) => node['Relation Name'] === 'licenses',
      );
      expect(licenceScans.length).toBeGreaterThan(0);
      for (const scan of licenceScans) {
        expect(scan['Node Type']).not.toBe('Seq Scan');
        expect(['licenses_pkey', 'licenses_serial_key']).toContain(scan['Index Name']);
      }
    } finally {
      await db.destroy();
    }
  });
});
