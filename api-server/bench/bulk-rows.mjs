// The bulk update rows (target: 1,000 licences in one request, p50 <= 50 ms at 1 connection). One
// connection sends the requests one after another, alternately disabling and enabling the same enabled licences,
// and each answer must show every licence in the state asked for, so every request changed all of them (the one
// before left them all in the other state). Beside it, the SQL floor: the statements the route runs (lock, change
// with its audit rows, commit, the answer's JSON), captured once from the repository functions through Kysely and
// replayed the same way through one `pg` connection, each checked to have audited every licence.
import { createRequire } from 'node:module';
import { summarise } from './stats.mjs';

const require = createRequire(import.meta.url);
const { Kysely, PostgresDialect } = require('kysely');
const { Pool } = require('pg');
const { lockLicenseIds, findLicensesJson } = require('../dist/licenses/queries/licenses.js');
const { changeLicenseStates } = require('../dist/licenses/queries/license-state-changes.js');

/** The state request `n` asks for: even requests disable, odd ones enable; a run stops after an odd one, leaving them enabled. */
const bulkState = (n) =>
  n % 2 === 0 ? { disabled: true, disabled_reason: 'CancelledOrder' } : { disabled: false, disabled_reason: null };

/** `amount` bulk updates of `licenseIds` through the API, one at a time, bounded by `seconds`. */
export async function measureBulkHttp({ url, token, licenseIds, amount, seconds }) {
  const latencies = [];
  const started = Date.now();
  for (let n = 0; n < amount && (n % 2 === 1 || Date.now() - started < seconds * 1000); n++) {
    const state = bulkState(n);
    const start = performance.now();
    const response = await fetch(url, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json', authorization: `MSession ${token}` },
      body: JSON.stringify({ license_ids: licenseIds, ...state }),
    });
    const body = await response.text();
    latencies.push(performance.now() - start);
    const data = response.ok ? JSON.parse(body).data : [];
    const inState = data.filter(
      (license) => license.disabled === state.disabled && license.disabled_reason === state.disabled_reason,
    ).length;
    if (inState !== licenseIds.length)
      throw new Error(
        `bulk request ${n}: ${response.status}, ${inState} of ${licenseIds.length} licences in the state asked for`,
      );
  }
  return { ...summarise(latencies, Date.now() - started), statuses: { 200: latencies.length }, errors: 0 };
}

/** Replays `amount` bulk updates of `licenseIds` (manufacturer `manufacturerId`, acting as `systemUserId`), bounded by `seconds`. */
export async function measureBulkSql({ connectionString, manufacturerId, systemUserId, licenseIds, amount, seconds }) {
  const pool = new Pool({ connectionString, max: 1 });
  try {
    const plans = [
      await capture(pool, manufacturerId, systemUserId, licenseIds, bulkState(0)),
      await capture(pool, manufacturerId, systemUserId, licenseIds, bulkState(1)),
    ];
    const client = await pool.connect();
    const latencies = [];
    const started = Date.now();
    try {
      for (let n = 0; n < amount && (n % 2 === 1 || Date.now() - started < seconds * 1000); n++) {
        const [lock, change, answer] = plans[n % 2];
        const start = performance.now();
        await client.query('BEGIN');
        await client.query(lock.text, lock.values);
        const { rowCount } = await client.query(change.text, change.values);
        await client.query('COMMIT');
        await client.query(answer.text, answer.values);
        latencies.push(performance.now() - start);
        if (rowCount !== licenseIds.length)
          throw new Error(`bulk SQL replay ${n} audited ${rowCount} of ${licenseIds.length} licences`);
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
    log: (event) =>
      event.level === 'query' &&
      !/^(begin|commit|rollback)/i.test(event.query.sql) &&
      captured.push({ text: event.query.sql, values: event.query.parameters }),
  });
  await db
    .transaction()
    .execute(async (trx) => {
      await lockLicenseIds(trx, manufacturerId, ids);
      await changeLicenseStates(trx, { systemUserId }, manufacturerId, ids, state);
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
