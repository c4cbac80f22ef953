// The SQL floor of a bulk update (issue 16, target 3): the statements `PATCH /licenses/bulk-update` runs (lock,
// change with its audit rows, commit, the answer's JSON), captured once from the repository functions through
// Kysely and replayed straight through one `pg` connection, alternately disabling and enabling the same licences
// as the HTTP row does. Each replayed request is checked to have changed and audited every licence.
import { createRequire } from 'node:module';
import { summarise } from './stats.mjs';

const require = createRequire(import.meta.url);
const { Kysely, PostgresDialect } = require('kysely');
const { Pool } = require('pg');
const { lockLicenseIds, findLicensesJson } = require('../dist/repositories/licenses.js');
const { changeLicenseStates } = require('../dist/repositories/license-state-changes.js');

/** The state a bulk request `n` asks for: even requests disable, odd ones enable. */
export const bulkState = (n) => (n % 2 === 0 ? { disabled: true, disabled_reason: 'CancelledOrder' } : { disabled: false, disabled_reason: null });

/** Replays `amount` bulk updates of `licenseIds` (manufacturer `manufacturerId`, acting as `systemUserId`), bounded by `seconds`. */
export async function measureBulkSql({ connectionString, manufacturerId, systemUserId, licenseIds, amount, seconds }) {
  const pool = new Pool({ connectionString, max: 1 });
  try {
    const plans = [await capture(pool, manufacturerId, systemUserId, licenseIds, bulkState(0)), await capture(pool, manufacturerId, systemUserId, licenseIds, bulkState(1))];
    const client = await pool.connect();
    const latencies = [];
    const started = Date.now();
    try {
      for (let n = 0; n < amount && Date.now() - started < seconds * 1000; n++) {
        const [lock, change, answer] = plans[n % 2];
        const start = performance.now();
        await client.query('BEGIN');
        await client.query(lock.text, lock.values);
        const { rowCount } = await client.query(change.text, change.values);
        await client.query('COMMIT');
        await client.query(answer.text, answer.values);
        latencies.push(performance.now() - start);
        if (rowCount !== licenseIds.length) throw new Error(`bulk SQL replay ${n} audited ${rowCount} of ${licenseIds.length} licences`);
      }
    } finally {
      client.release();
    }
    return summarise(latencies, Date.now() - started);
  } finally {
    await pool.end();
  }
}

/** The three statements of one bulk request for `state`, captured while running them in a transaction that is rolled back. */
async function capture(pool, manufacturerId, systemUserId, ids, state) {
  const captured = [];
  const db = new Kysely({
    dialect: new PostgresDialect({ pool }),
    log: (event) => event.level === 'query' && !/^(begin|commit|rollback)/i.test(event.query.sql) && captured.push({ text: event.query.sql, values: event.query.parameters }),
  });
  const principal = { systemUserId };
  await db
    .transaction()
    .execute(async (trx) => {
      await lockLicenseIds(trx, manufacturerId, ids);
      await changeLicenseStates(trx, principal, manufacturerId, ids, state);
      await findLicensesJson(trx, manufacturerId, ids);
      throw new RolledBack();
    })
    .catch((error) => {
      if (!(error instanceof RolledBack)) throw error;
    });
  if (captured.length !== 3) throw new Error(`expected 3 bulk statements, captured ${captured.length}`);
  return captured;
}

class RolledBack extends Error {}
