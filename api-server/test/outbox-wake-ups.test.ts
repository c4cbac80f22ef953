import { sql } from 'kysely';
import { createTestApp, type TestApp } from './support/test-app';
import { createManufacturer } from './support/fixtures';
import { sendTemplatedEmail } from '../src/email/send-templated-email';
import { testEmail } from '../src/email/templates/test-email';
import { EMAIL_OUTBOX_CHANNEL } from '../src/email/tables';
import { listenForOutboxWakeUps } from '../src/outbox/wake-ups';
import type { Listening } from '../src/db/listen-with-reconnect';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(condition: () => boolean) {
  for (let i = 0; i < 400 && !condition(); i++) await pause(10);
  expect(condition()).toBe(true);
}

describe('outbox wake-ups: a new mail wakes every instance at its commit', () => {
  let t: TestApp;
  let manufacturerId: number;
  const woken = [0, 0];
  let listeners: Listening[];

  beforeAll(async () => {
    t = await createTestApp();
    manufacturerId = (await createManufacturer(t.db, 'Wake Audio', { email: 'support@wake.example' })).id;
    // Two instances, each listening on its own connection; each is woken once on connecting.
    listeners = [0, 1].map((k) => listenForOutboxWakeUps(t.databaseUrl, { [EMAIL_OUTBOX_CHANNEL]: () => woken[k]++ }));
    await until(() => woken.every((count) => count === 1));
  });
  afterAll(async () => {
    await Promise.all(listeners.map((listener) => listener.close()));
    await t.close();
  });

  it('wakes both instances only when the writing transaction commits', async () => {
    const before = [...woken];
    let seenBeforeCommit: number[] = [];
    await t.db.transaction().execute(async (trx) => {
      await sendTemplatedEmail(trx, testEmail(manufacturerId, 'one@example.com', 'Wake Audio'));
      await sendTemplatedEmail(trx, testEmail(manufacturerId, 'two@example.com', 'Wake Audio'));
      await pause(100);
      seenBeforeCommit = [...woken];
    });
    expect(seenBeforeCommit).toEqual(before);
    await until(() => woken.every((count, k) => count > before[k]));
    // PostgreSQL folds a transaction's equal notifications into one.
    await pause(100);
    expect(woken).toEqual(before.map((count) => count + 1));
  });

  it('a rolled-back mail wakes nobody', async () => {
    const before = [...woken];
    await expect(
      t.db.transaction().execute(async (trx) => {
        await sendTemplatedEmail(trx, testEmail(manufacturerId, 'never@example.com', 'Wake Audio'));
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    await pause(200);
    expect(woken).toEqual(before);
  });

  it('listens again after losing its connection, and wakes its outbox on reconnecting', async () => {
    const before = [...woken];
    await sql`SELECT pg_terminate_backend(pid) FROM pg_stat_activity
              WHERE pid <> pg_backend_pid() AND query = ${`LISTEN "${EMAIL_OUTBOX_CHANNEL}"`}`.execute(t.db);
    await until(() => woken.every((count, k) => count === before[k] + 1));
    const reconnected = [...woken];
    await sendTemplatedEmail(t.db, testEmail(manufacturerId, 'after@example.com', 'Wake Audio'));
    await until(() => woken.every((count, k) => count === reconnected[k] + 1));
  });
});
