// The floating-seat rows of bench:api (docs/performance.md, "floating seats"): heart-beats with 100,000 live
// leases at 1 and 10 connections, each beside its own SQL replayed (the guard's rate-limit statement and the
// heart-beat's UPDATE, as the route sends them), the constant-JSON floor and the bare heart-beat (the same statement
// and signed lease on node:http, heartbeat-floor-server.mjs), both servers warmed first; and check-outs under contention on one
// licence, every worker checking a seat out for a new machine and in again, while a sampler counts the licence's
// live leases: never more than its seats, during the row and after it.
//
// The seats live on a product of the bench tenant made for them (once per database): a floating policy of 10 seats
// on its Standard licences, 10,000 of them, and one NFR licence of 5 seats for the contention row. Each run replaces
// the leases with 100,000 fresh ones (10 per licence: every licence full), set-based as the seed loads.
import { createRequire } from 'node:module';
import { benchLimits, capture, measureClientHttp, replaySql } from './client-rows.mjs';
import { measureTurns, unexpected } from './http-calls.mjs';
import { startChild } from './measure.mjs';
import { cpuMeter, cpuTotal } from './process-cpu.mjs';

const require = createRequire(import.meta.url);
const { loadMasterKey } = require('../dist/crypto/master-key.js');
const { generateProductKeyPair } = require('../dist/crypto/product-keys.js');
const { heartbeatLease } = require('../dist/floating/queries/leases.js');
const { machineSubject } = require('../dist/clients/routes/client-guard.js');

/** The targets of the issue's "Speed" section. */
export const SEAT_FLOORS = { heartbeatP95Ms: 3, heartbeatsPerSecond: 1500, checkoutsPerSecond: 500 };
const IDENTIFIER = 'com.bench.floating-seats';
const SEATS = 10;
const LICENCES = 10_000;
const LEASES = SEATS * LICENCES;
const CONTENDED_SEATS = 5;
const LEASE_MINUTES = 30;
const CLIENT = '/api/v1/clients/app/seats';
/** Heart-beats each server answers before its rows are measured. */
const WARM_UP_SECONDS = 20;

export async function seatRows({ api, floorApi, apiPid, floorPid, heartbeatFloorPort, dataDir, pool, duration, log }) {
  const cpu = cpuMeter({ apiPid, dataDir });
  const masterKey = loadMasterKey(undefined, dataDir);
  const seeded = performance.now();
  const f = await seedSeats(pool, masterKey);
  log(
    `seats: ${f.leases.length} live leases on ${LICENCES} licences of product ${f.product} in ${Math.round(performance.now() - seeded)} ms`,
  );
  const rows = [];

  let turn = 0;
  const beat = () => {
    const lease = f.leases[turn++ % f.leases.length];
    return { product_id: f.product, ...lease };
  };
  const first = f.leases.at(-1);
  // One statement, as the route runs it: the call's rate-limit count and the lease's UPDATE together.
  const groups = [
    {
      transaction: false,
      statements: await capture(pool, (db) =>
        heartbeatLease(
          db,
          benchLimits(['127.0.0.2', machineSubject(f.product, first.hardware_fingerprint)]),
          {
            productId: f.product,
            serial: first.serial,
            hardwareFingerprint: first.hardware_fingerprint,
            leaseId: first.lease_id,
          },
          new Date(Math.floor(Date.now() / 1000) * 1000),
        ),
      ),
    },
  ];
  const bareServer = await startChild(
    'heart-beat floor',
    ['api-server/bench/heartbeat-floor-server.mjs', String(heartbeatFloorPort), pool.options.connectionString, dataDir],
    /heart-beat floor listening/,
    {},
  );
  const bareApi = `http://127.0.0.1:${heartbeatFloorPort}`;
  // Both servers are measured warm: a plugin base heart-beats around the clock, while a server started for the bench
  // is still compiling the route's code for tens of seconds (the heart-beats per second rise until then).
  for (const [name, url] of [
    ['server', api],
    ['bare heart-beat', bareApi],
  ]) {
    const warm = await measureClientHttp(url, `${CLIENT}/heartbeats`, 10, WARM_UP_SECONDS, beat);
    log(`heart-beat warm-up of the ${name}: ${WARM_UP_SECONDS} s at 10 connections, ${warm.rps}/s, not measured`);
  }
  for (const connections of [1, 10]) {
    const floor = await cpu(
      () => measureClientHttp(floorApi, '/constant', connections, Math.min(duration, 3), () => ({})),
      floorPid,
    );
    const http = await cpu(() => measureClientHttp(api, `${CLIENT}/heartbeats`, connections, duration, beat));
    const bare = await cpu(
      () => measureClientHttp(bareApi, `${CLIENT}/heartbeats`, connections, duration, beat),
      bareServer.pid,
    );
    const sql = await cpu(() => replaySql(pool, connections, duration, groups));
    const met =
      connections === 1 ? http.p95 <= SEAT_FLOORS.heartbeatP95Ms : http.rps >= SEAT_FLOORS.heartbeatsPerSecond;
    const label =
      connections === 1 ? `p95 <= ${SEAT_FLOORS.heartbeatP95Ms} ms` : `>= ${SEAT_FLOORS.heartbeatsPerSecond}/s`;
    rows.push({
      name: `seat heart-beat, ${LEASES.toLocaleString('en')} live leases (${connections} conn)`,
      kind: 'seats',
      connections,
      http,
      sql,
      floor,
      bare,
      target: `${met && http.errors === 0 ? 'met' : 'MISSED'}: ${label}`,
    });
    log(
      `heart-beat (${connections} conn): p95 ${http.p95} ms, ${http.rps}/s, statuses ${JSON.stringify(http.statuses)}, server CPU ${http.cpu.api} ms; bare heart-beat p95 ${bare.p95} ms, ${bare.rps}/s, statuses ${JSON.stringify(bare.statuses)}, server CPU ${bare.cpu.api} ms; SQL p95 ${sql.p95} ms, ${sql.rps}/s; floor ${floor.rps}/s`,
    );
  }
  bareServer.kill('SIGTERM');

  rows.push(await contentionRow({ api, floorApi, floorPid, cpu, pool, f, duration, log }));
  return rows;
}

/**
 * Ten workers check seats of one 5-seat licence out for new machines; a worker that gets one checks it in at once,
 * one refused (409, every seat taken) tries again. A sampler counts the licence's live leases every 10 ms.
 */
async function contentionRow({ api, floorApi, floorPid, cpu, pool, f, duration, log }) {
  const connections = 10;
  await pool.query('DELETE FROM license_leases WHERE license_id = $1', [f.contended.id]);
  const run = Date.now().toString(36);
  const floor = await cpu(
    () => measureClientHttp(floorApi, '/constant', connections, Math.min(duration, 3), () => ({})),
    floorPid,
  );
  const counted = `SELECT count(*)::int AS n FROM license_leases WHERE license_id = $1 AND expires_at > now()`;
  let most = 0;
  let sampling = true;
  const sampler = (async () => {
    while (sampling) {
      most = Math.max(most, (await pool.query(counted, [f.contended.id])).rows[0].n);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  })();
  let granted = 0;
  let checkedIn = 0;
  const body = (worker, n) => ({
    product_id: f.product,
    serial: f.contended.serial,
    hardware_fingerprint: `bench-contend-${run}-${worker}-${n}`,
  });
  const measured = await cpu(async () => {
    const result = await measureTurns({
      api,
      connections,
      duration,
      turn: async (worker, n, timed) => {
        const machine = body(worker, n);
        const out = await timed('checkout', { path: `${CLIENT}/checkouts`, body: machine });
        if (out.status !== 200) return;
        granted++;
        const back = await timed('checkin', {
          path: `${CLIENT}/checkins`,
          body: { ...machine, lease_id: out.json.lease_id },
        });
        if (back.status === 200) checkedIn++;
      },
    });
    return { ...result.byKind.checkout, byKind: result.byKind, elapsed: result.elapsed };
  });
  sampling = false;
  await sampler;
  const after = (await pool.query(counted, [f.contended.id])).rows[0].n;
  const checkouts = measured;
  const checkins = measured.byKind.checkin ?? { requests: 0, statuses: {} };
  const problems = [];
  if (most > CONTENDED_SEATS) problems.push(`${most} live leases seen at once, over ${CONTENDED_SEATS} seats`);
  if (after > CONTENDED_SEATS) problems.push(`${after} live leases after the row, over ${CONTENDED_SEATS} seats`);
  if (after !== granted - checkedIn) problems.push(`${after} live leases after the row, not ${granted - checkedIn}`);
  const odd = [unexpected(checkouts.statuses, [200, 409]), unexpected(checkins.statuses, [200])].filter(Boolean);
  if (odd.length) problems.push(`unexpected answers: ${odd.join('; ')}`);
  const met = checkouts.rps >= SEAT_FLOORS.checkoutsPerSecond && problems.length === 0;
  log(
    `checkout contention: ${checkouts.rps} check-outs/s (${granted} granted, ${checkouts.statuses[409] ?? 0} refused), ${checkins.requests} check-ins; at most ${most} live leases of ${CONTENDED_SEATS}; ${problems.join('; ') || 'correct'}`,
  );
  return {
    name: `seat check-out under contention, one licence of ${CONTENDED_SEATS} seats (${connections} conn)`,
    kind: 'seats',
    connections,
    http: { ...checkouts, errors: problems.length },
    checkins,
    floor,
    granted,
    mostLive: most,
    problems,
    target: `${met ? 'met' : 'MISSED'}: >= ${SEAT_FLOORS.checkoutsPerSecond} check-outs/s, never more leases than seats`,
  };
}

/**
 * The seats' product, policies and licences (made once per database) and 100,000 fresh live leases (every run).
 * Answers the product, the contended licence and every lease as a heart-beat names it.
 */
async function seedSeats(pool, masterKey) {
  const one = async (text, values = []) => (await pool.query(text, values)).rows[0];
  let product = (await one('SELECT id FROM products WHERE manufacturer_id = 1 AND identifier = $1', [IDENTIFIER]))?.id;
  if (!product) {
    const keys = generateProductKeyPair(masterKey);
    product = (
      await one(
        `INSERT INTO products (manufacturer_id, name, type, public_key, private_key_encrypted, plugin_name, identifier, series, trial_days)
         VALUES (1, 'Bench Floating Seats', 'PluginOnly', $1, $2, 'BenchFloatingSeats', $3, 'Floating', 14) RETURNING id`,
        [keys.publicKey, keys.privateKeyEncrypted, IDENTIFIER],
      )
    ).id;
  }
  await pool.query(
    `INSERT INTO license_policies (manufacturer_id, product_id, license_type, model, seats, lease_minutes, max_borrow_days, term)
     VALUES (1, $1, 'Standard', 'floating', $2, $4, 7, 'perpetual'), (1, $1, 'NFR', 'floating', $3, $4, 7, 'perpetual')
     ON CONFLICT (product_id, license_type) DO NOTHING`,
    [product, SEATS, CONTENDED_SEATS, LEASE_MINUTES],
  );
  // Owners: the tenant's end users in turn. Serials as the seed makes them: 20 hex digits of a hash, in four groups.
  await pool.query(
    `WITH owners AS (SELECT id, row_number() OVER (ORDER BY id) - 1 AS i, count(*) OVER () AS k FROM end_users WHERE manufacturer_id = 1)
     INSERT INTO licenses (manufacturer_id, product_id, user_id, serial, license_type)
     SELECT 1, $1, o.id, upper(substr(h, 1, 5) || '-' || substr(h, 6, 5) || '-' || substr(h, 11, 5) || '-' || substr(h, 16, 5)),
       CASE WHEN n = 0 THEN 'NFR' ELSE 'Standard' END
     FROM generate_series(0, $2::int) n
     CROSS JOIN LATERAL (SELECT md5('bench-floating-seat-' || n) AS h) serial
     JOIN owners o ON o.i = n % o.k
     WHERE NOT EXISTS (SELECT 1 FROM licenses WHERE product_id = $1)
     ORDER BY n`,
    [product, LICENCES],
  );
  const contended = await one(
    "SELECT id, serial FROM licenses WHERE product_id = $1 AND license_type = 'NFR' ORDER BY id LIMIT 1",
    [product],
  );
  await pool.query(
    'DELETE FROM license_leases WHERE manufacturer_id = 1 AND license_id IN (SELECT id FROM licenses WHERE product_id = $1)',
    [product],
  );
  await pool.query(
    `INSERT INTO license_leases (manufacturer_id, license_id, hardware_fingerprint, machine_name, checked_out_at, expires_at)
     SELECT 1, l.id, 'bench-seat-' || l.id || '-' || s || '-' || $3::text, 'Bench seat ' || s, now(), now() + make_interval(mins => $2::int)
     FROM licenses l CROSS JOIN generate_series(1, ${SEATS}) s
     WHERE l.product_id = $1 AND l.license_type = 'Standard'
     ORDER BY l.id, s`,
    [product, LEASE_MINUTES, Date.now().toString(36)],
  );
  await pool.query('ANALYZE license_leases');
  const leases = (
    await pool.query(
      `SELECT l.serial, s.hardware_fingerprint, s.id AS lease_id FROM license_leases s JOIN licenses l ON l.id = s.license_id
       WHERE l.product_id = $1 AND s.expires_at > now() ORDER BY s.id`,
      [product],
    )
  ).rows;
  if (leases.length !== LEASES) throw new Error(`${leases.length} live leases seeded, not ${LEASES}`);
  return { product, contended, leases };
}

/** The seat rows beside their floors (empty without them). */
export function seatMarkdown(results) {
  const rows = results.filter((result) => result.kind === 'seats');
  if (rows.length === 0) return '';
  const cpuText = (cpu) =>
    cpu ? `${cpu.api} / ${cpu.pg} + ${cpu.pgBackground} / ${cpu.bench} (${cpuTotal(cpu)})` : '';
  const lines = [
    'Floating seats, each beside the constant-JSON floor POSTed by the same client at the same concurrency and, for heart-beats, the bare heart-beat (its statement and signed lease on node:http, no framework: `heartbeat-floor-server.mjs`) and their SQL replayed through `pg` (CPU ms per call: server / PostgreSQL backends + background / bench (all)):',
    '',
    '| Row | p50 ms | p95 ms | per s | floor p95 ms / per s | vs floor | bare heart-beat p95 ms / per s | bare CPU ms per call | SQL replay p95 ms / per s | vs SQL | CPU ms per call | SQL CPU ms per call | checks | target |',
    '|---|---:|---:|---:|---:|---:|---:|---|---:|---:|---|---|---|---|',
  ];
  const percent = (part, whole) => (whole ? `${Math.round((part / whole) * 100)}%` : '');
  for (const result of rows) {
    const { http, floor, sql, bare } = result;
    lines.push(
      `| ${result.name} | ${http.p50} | ${http.p95} | ${http.rps}${result.granted !== undefined ? ` (${result.granted} granted, ${result.checkins.requests} check-ins)` : ''} | ` +
        `${floor.p95} / ${floor.rps} | ${percent(http.rps, floor.rps)} | ${bare ? `${bare.p95} / ${bare.rps}` : ''} | ${cpuText(bare?.cpu)} | ` +
        `${sql ? `${sql.p95} / ${sql.rps}` : ''} | ${sql ? percent(http.rps, sql.rps) : ''} | ` +
        `${cpuText(http.cpu)} | ${cpuText(sql?.cpu)} | ${result.problems ? result.problems.join('; ') || `exact (at most ${result.mostLive} of ${CONTENDED_SEATS} live)` : ''} | ${result.target} |`,
    );
  }
  return lines.join('\n');
}
