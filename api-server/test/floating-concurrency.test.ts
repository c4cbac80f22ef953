import { sql } from 'kysely';
import { buildApp } from '../src/app';
import { readConfig } from '../src/config';
import { createDatabase } from '../src/db/database';
import { CLIENT, clientApiSuite } from './client-fixtures';
import { makeSynthFloating, seatsOf } from './floating-fixtures';

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
});
