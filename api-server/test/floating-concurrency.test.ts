import { sql } from 'kysely';
import { buildApp } from '../src/app';
import { readConfig } from '../src/config';
import { createDatabase } from '../src/db/database';
import { CLIENT, clientApiSuite } from './client-fixtures';
import { makeSynthFloating, seatsOf } from './floating-fixtures';
import { floatingLicenseDisabled } from '../src/floating/lease-rules';

/** Check-outs at once, on two server instances with their own connection pools on one database. */
describe('floating seats under concurrency', () => {
  const suite = clientApiSuite({ trial_days: 7, machine_limit: 1 });

  it('hands out exactly N = 5 seats to 50 machines checking out at once across two instances', async () => {
    const { t, world } = suite;
    await makeSynthFloating(t, world, { seats: 5 });
    const otherDb = createDatabase(t.databaseUrl, 4);
    const other = await buildApp({
      config: readConfig({ PRODUCTHUB_APPS_DIR: '' }),
      db: otherDb,
      masterKey: t.masterKey,
      storage: t.storage,
    });
    try {
      const answers = await Promise.all(
        Array.from({ length: 50 }, (_, i) =>
          (i % 2 === 0 ? t.app : other).inject({
            method: 'POST',
            url: `${CLIENT}/seats/checkouts`,
            payload: { product_id: world.synth.id, serial: world.bobSynth.serial, hardware_fingerprint: `RACE-${i}` },
          }),
        ),
      );
      const codes = answers.map((answer) => answer.statusCode);
      expect(codes.filter((code) => code === 200)).toHaveLength(5);
      expect(codes.filter((code) => code === 409)).toHaveLength(45);
      expect(await seatsOf(t, world.bobSynth.id)).toBe(5);
      const audits = await sql<{ n: string }>`
        SELECT count(*) AS n FROM audit_log WHERE action = 'client.seat.check_out'`.execute(t.db);
      expect(Number(audits.rows[0]!.n)).toBe(5);
    } finally {
      await other.close();
      await otherDb.destroy();
    }
  });

  it('a check-out waiting for the licence’s lock answers by the licence and policy as they are when it is granted', async () => {
    const { t, world } = suite;
    await makeSynthFloating(t, world, { seats: 5 });
    const checkOutWhile = async (change: (trx: typeof t.db) => Promise<void>) => {
      const { answer } = await t.db.transaction().execute(async (trx) => {
        await sql`SELECT 1 FROM licenses WHERE id = ${world.bobSynth.id} FOR NO KEY UPDATE`.execute(trx);
        const answer = t.app.inject({
          method: 'POST',
          url: `${CLIENT}/seats/checkouts`,
          payload: { product_id: world.synth.id, serial: world.bobSynth.serial, hardware_fingerprint: 'LATE-COMER' },
        });
        await lockWaiter(t.db);
        await change(trx);
        return { answer };
      });
      return answer;
    };
    const full = await seatsOf(t, world.bobSynth.id);

    // Read with 5 seats, granted the lock after the policy has one more: it reads again and takes the new seat.
    const more = await checkOutWhile(async (trx) => {
      await sql`UPDATE license_policies SET seats = ${full + 1}
        WHERE product_id = ${world.synth.id} AND license_type = 'Standard'`.execute(trx);
    });
    expect(more.statusCode).toBe(200);
    expect(await seatsOf(t, world.bobSynth.id)).toBe(full + 1);

    // Deactivated while it waited: the deactivation's answer, and nothing written.
    await makeSynthFloating(t, world, { seats: full + 2 });
    const disabled = await checkOutWhile(async (trx) => {
      await sql`UPDATE licenses SET disabled = true WHERE id = ${world.bobSynth.id}`.execute(trx);
    });
    expect(disabled.statusCode).toBe(409);
    expect(disabled.json()).toEqual({ message: [floatingLicenseDisabled(null)] });
    expect(await seatsOf(t, world.bobSynth.id)).toBe(full + 1);
  });
});

/** Until a statement of another connection waits for a row lock. */
async function lockWaiter(db: ReturnType<typeof createDatabase>) {
  for (let tries = 0; tries < 200; tries++) {
    const { rows } = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM pg_stat_activity WHERE wait_event_type = 'Lock'`.execute(db);
    if (rows[0]!.n > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error('no check-out waited for the licence’s lock');
}
