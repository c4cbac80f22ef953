// The client API rows of `npm run bench`: trial start, activation by serial, update check and validation at 1 and
// 10 connections, each beside its own SQL (captured from the server's own functions through Kysely) replayed
// through `pg`, a bare one-row insert-and-commit through `pg` at the same concurrency as the activation, and
// the constant-JSON floor answering the same client; `clientMarkdown` prints them side by side with PASS/MISS.
//
// The client API limits calls per network address (120/min) and per serial or machine (20/min), as it must in
// production. The bench keeps those limits on and behaves like many customers instead: every connection comes
// from its own loopback address (127.x.y.z, all of 127/8 reaches the server on Linux) and moves to a new one
// before its address limit; every request names its own machine, and serials rotate.
import { createRequire } from 'node:module';
import { keepAliveConnection } from './keep-alive-client.mjs';
import { cpuMeter, cpuTotal } from './process-cpu.mjs';
import { summarise } from './stats.mjs';

const require = createRequire(import.meta.url);
const { Kysely, PostgresDialect } = require('kysely');
const { Pool } = require('pg');
const { loadMasterKey } = require('../dist/crypto/master-key.js');
const { createProductKeyCache } = require('../dist/crypto/product-key-cache.js');
const { consumeRateLimits } = require('../dist/auth/rate-limits.js');
const { statementNameOf } = require('../dist/db/named-statements.js');
const { startTrial } = require('../dist/clients/start-trial.js');
const { activateBySerial } = require('../dist/clients/activate.js');
const { checkForUpdates } = require('../dist/clients/check-updates.js');
const { validateLicense } = require('../dist/clients/validate.js');
const { downloadUrlKey } = require('../dist/clients/download-url.js');
const {
  machineSubject,
  serialSubject,
  trialStartLimit,
  CLIENT_CALLS_PER_ADDRESS,
  TRIAL_STARTS_PER_ADDRESS,
} = require('../dist/clients/routes/client-guard.js');
const { HARDWARE_FINGERPRINT_VERSION, SIGNATURE_SEED_VERSIONS } = require('shared-kit/contract');

const CLIENT = '/api/v1/clients/app';
const JSON_BODY = { 'content-type': 'application/json' };
const CONCURRENCIES = [1, 10];
/** Requests per address before a connection moves on: under the per-address limit of a minute. */
export const PER_ADDRESS = Math.floor(CLIENT_CALLS_PER_ADDRESS * 0.8);
/** Serials the rows may activate, and serials of the warm-up's own (activated once, then again). */
const ROW_SERIALS = 5000;
const WARM_UP_SERIALS = 2000;
const WARM_UP_SECONDS_PER_ROUTE = 6;

/**
 * Runs every client row; answers results in run.mjs's shape, each with its own `target` text.
 * `duration` bounds each row in seconds; nothing here runs unbounded.
 */
export async function clientRows({
  api,
  apiPid,
  floorPid,
  floorApi,
  pool: shared,
  dataDir,
  duration,
  productId = 1,
  log = console.error,
}) {
  // Its own pool: the rows run at up to 10 connections whatever --connections the other rows use.
  const pool = new Pool({ ...shared.options, max: Math.max(...CONCURRENCIES) + 2 });
  const masterKey = loadMasterKey(undefined, dataDir);
  const productKeyOf = createProductKeyCache(masterKey);
  const cpu = cpuMeter({ apiPid, dataDir });
  const run = Date.now().toString(36);
  // Every row activates licences with no machine yet: earlier runs fill slots, and the machine limit would refuse.
  // The SQL replays bump their serial's and machine's rate-limit counters: they get serials of their own.
  const sqlSerials = (
    await pool.query(
      `SELECT serial FROM licenses l WHERE product_id = $1 AND NOT disabled
         AND NOT EXISTS (SELECT 1 FROM license_machines m WHERE m.license_id = l.id AND m.deactivated_at IS NULL)
       ORDER BY id DESC LIMIT $2`,
      [productId, CONCURRENCIES.length],
    )
  ).rows.map((row) => row.serial);
  if (sqlSerials.length < CONCURRENCIES.length)
    throw new Error(`product ${productId} has too few licences without machines for the SQL replays`);
  const serials = (
    await pool.query(
      `SELECT serial FROM licenses l WHERE product_id = $1 AND NOT disabled AND serial <> ALL ($2)
         AND NOT EXISTS (SELECT 1 FROM license_machines m WHERE m.license_id = l.id AND m.deactivated_at IS NULL)
       ORDER BY id LIMIT $3`,
      [productId, sqlSerials, ROW_SERIALS + WARM_UP_SERIALS],
    )
  ).rows.map((row) => row.serial);
  const warmUpSerials = serials.splice(ROW_SERIALS);
  if (serials.length <= CONCURRENCIES.length || warmUpSerials.length === 0)
    throw new Error(`product ${productId} has too few enabled licences to activate`);
  await distributeFirstRelease(pool, productId);
  await warmUp(api, productId, warmUpSerials, run, log);
  await pool.query(
    'CREATE TABLE IF NOT EXISTS bench_insert_floor (id bigserial PRIMARY KEY, at timestamptz NOT NULL DEFAULT now(), note text NOT NULL)',
  );

  // Outside the addresses the HTTP rows use (127.1.0.1 onwards), for the same reason.
  const call = { address: '127.0.0.2' };
  const results = [];
  const activated = [];
  let serialTurn = 0;
  try {
    for (const [round, connections] of CONCURRENCIES.entries()) {
      // What the machine itself costs a request from this client: the same POSTs answered with a constant.
      const constant = await cpu(
        () => measureClientHttp(floorApi, '/constant', connections, duration, () => ({})),
        floorPid,
      );
      results.push(row(`floor: Fastify constant JSON, same client (${connections} conn)`, connections, constant));

      const trialBody = (n) => ({
        product_id: productId,
        hardware_fingerprint: `bench-trial-${run}-${connections}-${n}`,
      });
      const trial = await cpu(() =>
        measureClientHttp(api, `${CLIENT}/trials`, connections, duration, trialBody, {
          perAddress: TRIAL_STARTS_PER_ADDRESS,
        }),
      );
      const trialGroups = [
        ...(await rateLimitSql(pool, [call.address, machineSubject(productId, `bench-trial-${run}-sql`)])),
        {
          transaction: false,
          // A new machine's trial first counts against the trial-start limit of its address, as the route does.
          statements: await capture(pool, (db) => {
            const admitNewTrial = async () => {
              await consumeRateLimits(db, [{ ...trialStartLimit(productId, call.address), limit: 1_000_000 }]);
            };
            return startTrial(db, productKeyOf, { ...call, admitNewTrial }, trialBody('sql'));
          }),
        },
      ];
      const trialSql = await cpu(() => replaySql(pool, connections, duration, trialGroups));
      results.push(row(`client trial start (${connections} conn)`, connections, trial, trialSql));

      const activationBody = (n, serial = serials[serialTurn++ % serials.length]) => ({
        product_id: productId,
        serial,
        hardware_fingerprint: `bench-machine-${run}-${connections}-${n}`,
        hardware_fingerprint_version: HARDWARE_FINGERPRINT_VERSION,
        signature_seed_version: SIGNATURE_SEED_VERSIONS[0],
      });
      const activation = await cpu(() =>
        measureClientHttp(api, `${CLIENT}/activations`, connections, duration, activationBody, {
          onAnswer: (body, status) => {
            if (status === 200)
              activated.push({ serial: body.serial, hardware_fingerprint: body.hardware_fingerprint });
          },
        }),
      );
      const sqlBody = activationBody('sql', sqlSerials[round]);
      // The rate-limit counting rides in the activation's first read: the capture holds every statement.
      const activationCall = guarded(call, [call.address, serialSubject(productId, sqlBody.serial)]);
      const activationGroups = [
        {
          transaction: false,
          statements: await capture(pool, (db) => activateBySerial(db, productKeyOf, activationCall, sqlBody)),
        },
      ];
      const activationSql = await cpu(() => replaySql(pool, connections, duration, activationGroups));
      const insertFloor = await cpu(() => bareInsert(pool, connections, duration));
      results.push(
        row(`client activation by serial (${connections} conn)`, connections, activation, activationSql, {
          insertFloor,
        }),
      );
      results.push(row(`floor: pg one-row insert + commit (${connections} conn)`, connections, insertFloor));

      if (activated.length === 0)
        throw new Error('no activation succeeded: the update check needs an activated machine');
      const updateBody = (n) => ({
        product_id: productId,
        ...activated[n % activated.length],
        current_version: '0.0.1',
        os: 'macOS',
      });
      const update = await cpu(() =>
        measureClientHttp(api, `${CLIENT}/update-checks`, connections, duration, updateBody),
      );
      // The machine the activation's capture activated: its own serial, its own counters.
      const first = { ...updateBody(0), serial: sqlBody.serial, hardware_fingerprint: sqlBody.hardware_fingerprint };
      const updateCall = guarded(call, [
        call.address,
        machineSubject(productId, first.hardware_fingerprint),
        serialSubject(productId, first.serial),
      ]);
      const context = { ...updateCall, prefix: '/api/v1', downloadKey: downloadUrlKey(masterKey) };
      const updateGroups = [
        {
          transaction: false,
          statements: await capture(pool, (db) => checkForUpdates(db, productKeyOf, context, first, undefined)),
        },
      ];
      const updateSql = await cpu(() => replaySql(pool, connections, duration, updateGroups));
      results.push(row(`client update check (${connections} conn)`, connections, update, updateSql));

      const validationBody = (n) => ({
        product_id: productId,
        ...activated[n % activated.length],
        nonce: `bench-nonce-${run}-${n}`.padEnd(16, '0'),
      });
      const validation = await cpu(() =>
        measureClientHttp(api, `${CLIENT}/validations`, connections, duration, validationBody),
      );
      const firstValidation = {
        ...validationBody(0),
        serial: first.serial,
        hardware_fingerprint: first.hardware_fingerprint,
      };
      const validationGroups = [
        {
          transaction: false,
          statements: await capture(pool, (db) => validateLicense(db, productKeyOf, updateCall, firstValidation)),
        },
      ];
      const validationSql = await cpu(() => replaySql(pool, connections, duration, validationGroups));
      results.push(row(`client validation (${connections} conn)`, connections, validation, validationSql));
      for (const result of results.slice(-6)) {
        log(
          `${result.name}: p95 ${result.http.p95} ms, ${result.http.rps} req/s, statuses ${JSON.stringify(result.http.statuses ?? {})}, CPU ${cpuText(result.http.cpu)} ms/req${result.sql ? `; SQL ${result.sql.rps} req/s, CPU ${cpuText(result.sql.cpu)}` : ''}`,
        );
      }
    }
  } finally {
    await pool.query('DROP TABLE IF EXISTS bench_insert_floor');
    await pool.end();
  }
  return results.map((result) => ({ ...result, target: target(result, results) }));
}

/**
 * Every client route answered at 10 connections before any row is measured: a freshly started server compiles its
 * routes' code for tens of seconds (docs/performance.md), and a plugin's calls reach a server that has long been
 * running. The warm-up activates machines on serials of its own, then activates them again (the same machine gets its
 * file again), so a run uses no more serials for it than WARM_UP_SERIALS; the update checks and validations ask for
 * those machines. Rate limits stay on: a serial or machine is asked far fewer times a minute than its limit.
 */
async function warmUp(api, productId, serials, run, log) {
  const machineOf = (n) => ({
    serial: serials[n % serials.length],
    hardware_fingerprint: `bench-warm-${run}-${n % serials.length}`,
  });
  const calls = {
    trials: (n) => ({ product_id: productId, hardware_fingerprint: `bench-warm-trial-${run}-${n}` }),
    activations: (n) => ({
      product_id: productId,
      ...machineOf(n),
      hardware_fingerprint_version: HARDWARE_FINGERPRINT_VERSION,
      signature_seed_version: SIGNATURE_SEED_VERSIONS[0],
    }),
    'update-checks': (n) => ({ product_id: productId, ...machineOf(n), current_version: '0.0.1', os: 'macOS' }),
    validations: (n) => ({ product_id: productId, ...machineOf(n), nonce: `bench-warm-${run}-${n}`.padEnd(16, '0') }),
  };
  for (const [route, bodyOf] of Object.entries(calls)) {
    const warm = await measureClientHttp(api, `${CLIENT}/${route}`, 10, WARM_UP_SECONDS_PER_ROUTE, bodyOf, {
      perAddress: route === 'trials' ? TRIAL_STARTS_PER_ADDRESS : PER_ADDRESS,
    });
    log(
      `client warm-up, ${route}: ${WARM_UP_SECONDS_PER_ROUTE} s at 10 connections, ${warm.rps}/s, statuses ${JSON.stringify(warm.statuses)}, not measured`,
    );
  }
}

const row = (name, connections, http, sql, extra = {}) => ({ name, kind: 'client', connections, http, sql, ...extra });

/** The targets of these rows, each with the floor it is measured against. */
export function clientChecks(result, all) {
  const floorOf = (name) => all.find((other) => other.name === `${name} (${result.connections} conn)`);
  const checks = [];
  if (result.name.startsWith('client update check (1 conn'))
    checks.push({ label: 'p95 <= 5 ms', pass: result.http.p95 !== null && result.http.p95 <= 5 });
  if (result.name.startsWith('client update check (10 conn')) {
    checks.push({
      label: `>= 60% of its SQL replay's req/s (${percent(result.http.rps, result.sql.rps)})`,
      pass: result.http.rps >= 0.6 * result.sql.rps,
    });
  }
  if (result.name.startsWith('client activation')) {
    const floor = floorOf('floor: pg one-row insert + commit');
    checks.push({
      label: `>= 50% of the bare insert's req/s (${percent(result.http.rps, floor.http.rps)})`,
      pass: result.http.rps >= 0.5 * floor.http.rps,
    });
  }
  return checks;
}

function target(result, all) {
  return clientChecks(result, all)
    .map(({ label, pass }) => `${pass ? 'met' : 'MISSED'}: ${label}`)
    .join('; ');
}

/**
 * The client rows beside their floors: the constant-JSON answer to the same client (what any request costs on
 * this machine at this moment), their own SQL replayed through `pg`, and for activations the bare insert.
 */
export function clientMarkdown(results) {
  const client = results.filter((result) => result.kind === 'client');
  if (client.length === 0) return '';
  const lines = [
    '| Client row | p50 ms | p95 ms | req/s | constant JSON p95 ms / req/s | SQL replay p95 ms / req/s | bare insert req/s | vs SQL | vs insert | target |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---|',
  ];
  for (const result of client.filter((other) => other.name.startsWith('client '))) {
    const of = (name) => client.find((other) => other.name === `${name} (${result.connections} conn)`);
    const constant = of('floor: Fastify constant JSON, same client');
    const insert = result.name.startsWith('client activation') ? of('floor: pg one-row insert + commit') : undefined;
    const checks = clientChecks(result, client);
    lines.push(
      `| ${result.name} | ${result.http.p50} | ${result.http.p95} | ${result.http.rps} | ${constant ? `${constant.http.p95} / ${constant.http.rps}` : ''} | ` +
        `${result.sql ? `${result.sql.p95} / ${result.sql.rps}` : ''} | ${insert?.http.rps ?? ''} | ${result.sql ? percent(result.http.rps, result.sql.rps) : ''} | ` +
        `${insert ? percent(result.http.rps, insert.http.rps) : ''} | ${checks.map(({ label, pass }) => `${pass ? 'PASS' : 'MISS'}: ${label}`).join('; ')} |`,
    );
  }
  return [...lines, '', ...cpuMarkdown(client)].join('\n');
}

const cpuText = (cpu) =>
  cpu
    ? `${cpu.api ?? '?'} / ${cpu.pg ?? '?'} + ${cpu.pgBackground ?? '?'} / ${cpu.bench ?? '?'} / ${cpuTotal(cpu) ?? '?'}`
    : '';

/**
 * CPU milliseconds per request of each row (server / PostgreSQL / bench client / total), beside its SQL replay's
 * and the bare insert's. On a quiet machine that is CPU-bound, throughput goes as the inverse of the total, so the
 * ratio of totals estimates the throughput ratio the targets ask for, free of the load's wall-time noise.
 */
function cpuMarkdown(client) {
  const lines = [
    'CPU per request, ms (server / PostgreSQL backends + background / bench client / total), from /proc over each row (server: the API, or the constant-JSON floor on its rows; background: autovacuum, WAL writer, checkpointer, which lag behind the rows that caused them):',
    '',
    '| Row | requests | CPU ms/req | its SQL replay CPU ms/req | bare insert CPU ms/req | CPU-bound estimate vs SQL | CPU-bound estimate vs insert |',
    '|---|---:|---|---|---|---:|---:|',
  ];
  for (const result of client) {
    const insert = result.insertFloor;
    const total = cpuTotal(result.http.cpu);
    const estimate = (floor) => (total && cpuTotal(floor?.cpu) ? percent(cpuTotal(floor.cpu), total) : '');
    lines.push(
      `| ${result.name} | ${result.http.requests} | ${cpuText(result.http.cpu)} | ${cpuText(result.sql?.cpu)} | ${cpuText(insert?.cpu)} | ${result.sql ? estimate(result.sql) : ''} | ${insert ? estimate(insert) : ''} |`,
    );
  }
  return lines;
}

const percent = (part, whole) => `${whole ? Math.round((part / whole) * 100) : 0}%`;

/** The first release of the product on its manufacturer's Release channel, so the update check has one to offer. */
async function distributeFirstRelease(pool, productId) {
  await pool.query(
    `INSERT INTO release_distributions (manufacturer_id, channel_id, release_id)
     SELECT r.manufacturer_id, c.id, r.id FROM releases r JOIN distribution_channels c ON c.manufacturer_id = r.manufacturer_id AND c.type = 'Release'
     WHERE r.product_id = $1 ORDER BY r.id LIMIT 1
     ON CONFLICT (release_id, channel_id) DO NOTHING`,
    [productId],
  );
}

/** A statement as the server's pool sends it: under its name when it is one of the named (prepared) ones. */
function asServerSends(text, values) {
  const name = statementNameOf(text);
  return name ? { name, text, values } : { text, values };
}

/** The SQL a server function issues, captured once through Kysely's query log (the call really runs). */
export async function capture(pool, run) {
  const statements = [];
  const db = new Kysely({
    dialect: new PostgresDialect({ pool }),
    log: (event) => event.level === 'query' && statements.push(asServerSends(event.query.sql, event.query.parameters)),
  });
  await run(db);
  return statements;
}

/** The buckets of a call as the guard names them, with limits the replay never reaches. */
export const benchLimits = (subjects) =>
  subjects.map((subject) => ({
    bucket: subject.startsWith('127.') ? `client:address:${subject}` : `client:${subject}`,
    limit: 1_000_000,
    windowSeconds: 60,
  }));

/** The guard's rate-limit statement: one upsert of all the call's buckets, autocommitted, as the route runs it. */
export async function rateLimitSql(pool, subjects) {
  return [
    { transaction: false, statements: await capture(pool, (db) => consumeRateLimits(db, benchLimits(subjects))) },
  ];
}

/** A call that counts against its limits in its first read's statement, as the routes make it. */
const guarded = (call, subjects) => ({ ...call, limits: benchLimits(subjects), admit: () => undefined });

/**
 * Replays the captured groups in order on one connection per worker, bounded in time: a group the server runs as a
 * transaction is replayed as one (BEGIN … COMMIT), an autocommitted one statement by statement, as the server does.
 */
export async function replaySql(pool, connections, duration, groups) {
  const latencies = [];
  let errors = 0;
  const started = Date.now();
  const until = started + Math.min(duration, 3) * 1000;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      const client = await pool.connect();
      try {
        while (Date.now() < until) {
          const start = performance.now();
          try {
            for (const group of groups) {
              if (group.transaction) await client.query('BEGIN');
              for (const statement of group.statements) await client.query(statement);
              if (group.transaction) await client.query('COMMIT');
            }
            latencies.push(performance.now() - start);
          } catch {
            errors++;
            await client.query('ROLLBACK').catch(() => {});
          }
        }
      } finally {
        client.release();
      }
    }),
  );
  return { ...summarise(latencies, Date.now() - started), errors };
}

/** The write floor: a one-row INSERT, committed on its own, at the given concurrency. */
async function bareInsert(pool, connections, duration) {
  const latencies = [];
  const started = Date.now();
  const until = started + duration * 1000;
  await Promise.all(
    Array.from({ length: connections }, async (_, worker) => {
      const client = await pool.connect();
      try {
        while (Date.now() < until) {
          const start = performance.now();
          await client.query('INSERT INTO bench_insert_floor (note) VALUES ($1)', [`worker ${worker}`]);
          latencies.push(performance.now() - start);
        }
      } finally {
        client.release();
      }
    }),
  );
  return { ...summarise(latencies, Date.now() - started), statuses: {}, errors: 0 };
}

// Each run starts somewhere else among the 16 million addresses: a run minutes before counted against the first ones.
let nextAddress = Math.floor(Math.random() * 15_000_000);
/** A fresh loopback address (127.1.0.1 to 127.250.255.254): a customer the rate limits have not seen. */
export function freshAddress() {
  const n = nextAddress++;
  return `127.${1 + (Math.floor(n / (254 * 256)) % 250)}.${Math.floor(n / 254) % 256}.${1 + (n % 254)}`;
}

/**
 * POSTs `bodyOf(n)` on keep-alive connections, bounded in time; every latency is kept so p95 is exact. Each
 * connection moves to a fresh address after `perAddress` calls (the trial starts: after their own, lower, limit).
 */
export async function measureClientHttp(
  api,
  path,
  connections,
  duration,
  bodyOf,
  { onAnswer = () => {}, perAddress = PER_ADDRESS } = {},
) {
  const latencies = [];
  const statuses = new Map();
  let n = 0;
  const started = Date.now();
  const until = started + duration * 1000;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (Date.now() < until) {
        const connection = keepAliveConnection(api, freshAddress());
        try {
          for (let sent = 0; sent < perAddress && Date.now() < until; sent++) {
            const body = bodyOf(n++);
            const start = performance.now();
            const { status } = await connection.request({
              path,
              headers: JSON_BODY,
              payload: JSON.stringify(body),
              timeoutMs: 10_000,
            });
            latencies.push(performance.now() - start);
            statuses.set(status, (statuses.get(status) ?? 0) + 1);
            onAnswer(body, status);
          }
        } finally {
          connection.close();
        }
      }
    }),
  );
  const errors = [...statuses].filter(([status]) => status >= 300).reduce((sum, [, count]) => sum + count, 0);
  return { ...summarise(latencies, Date.now() - started), statuses: Object.fromEntries(statuses), errors };
}
