// `npm run bench`: API figures on the seeded bench database (run `npm run bench:seed` first). Starts the built
// server (api-server/dist) and a constant-JSON Fastify floor as child processes, drives both with autocannon,
// replays each list's own SQL (captured from the repositories through Kysely) directly through `pg`, and prints
// a markdown table; the JSON goes to api-server/bench/results/api-<time>.json. Every list, search and GET by id
// runs at 1 and at 10 connections, each beside its SQL replayed at the same concurrency.
//
//   node api-server/bench/run.mjs [--duration 5] [--connections 10] [--only licences,trials] [--cpu-prof DIR]
// (--connections N: the write rows' concurrency, and the reads' only one instead of 1 and 10;
//  --cpu-prof: the API server writes a V8 CPU profile into DIR when the bench stops it.)
import { mkdirSync, writeFileSync, existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { cpus, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { measureBulkHttp, measureBulkSql } from './bulk-rows.mjs';
import { clientMarkdown, clientRows } from './client-rows.mjs';
import {
  login as loginAt,
  measureHttp as measureHttpAt,
  startApiServer,
  startChild,
  stopChildren,
} from './measure.mjs';
import { operationsRows } from './operations-rows.mjs';
import { orderMarkdown, orderRows } from './order-rows.mjs';
import { portalMarkdown, portalRows, startMailCatcher } from './portal-rows.mjs';
import { seatMarkdown, seatRows } from './seat-rows.mjs';
import { summarise } from './stats.mjs';
import { benchSettings, BENCH_PASSWORD, benchStaffEmail, BENCH_SUPERUSER_EMAIL } from './settings.mjs';

const require = createRequire(import.meta.url);
const { Kysely, PostgresDialect } = require('kysely');
const { Pool } = require('pg');
const { embeddedConnectionString } = require('../dist/db/embedded-postgres.js');
const repositories = {
  products: require('../dist/catalog/queries/products.js'),
  endUsers: require('../dist/people/queries/end-users.js'),
  licenses: require('../dist/licenses/queries/licenses.js'),
  trials: require('../dist/licenses/queries/trials.js'),
  manufacturers: require('../dist/manufacturers/queries/manufacturers.js'),
  auditEvents: require('../dist/audit/queries/audit-events.js'),
  dashboard: require('../dist/dashboard/queries.js'),
  releases: require('../dist/catalog/queries/releases.js'),
};
const { pageRequest } = require('../dist/lib/paging.js');
const { HARDWARE_FINGERPRINT_VERSION, SIGNATURE_SEED_VERSIONS } = require('shared-kit/contract');

const { values: args } = parseArgs({
  options: {
    duration: { type: 'string' },
    connections: { type: 'string' },
    only: { type: 'string' },
    'data-dir': { type: 'string' },
    'pg-port': { type: 'string' },
    'cpu-prof': { type: 'string' },
  },
});
const settings = benchSettings(args);
const duration = Math.min(30, Number(args.duration ?? 5));
const connections = Math.min(50, Number(args.connections ?? 10));
/** The concurrencies every list, search and GET by id runs at (p50 at 1, throughput at 10). */
const readConnections = args.connections ? [connections] : [1, 10];
/** The target: the server adds at most 20 % to its own SQL (p50 at 1 connection) and keeps 80 % of its SQL replay's throughput at 10. */
const SERVER_OVER_SQL_P50_MAX = 0.2;
const THROUGHPUT_VS_SQL_MIN = 0.8;

if (!existsSync(`${settings.dataDir}/postgres/PG_VERSION`)) {
  console.error(`No bench database in ${settings.dataDir}: run \`npm run bench:seed\` first.`);
  process.exit(1);
}

process.on('exit', stopChildren);

const api = `http://127.0.0.1:${settings.apiPort}`;
const login = (email) => loginAt(api, email, BENCH_PASSWORD);
const measureHttp = (options) => measureHttpAt({ duration, connections, ...options });
const loadAtStart = loadavg();
const pool = new Pool({
  connectionString: embeddedConnectionString(settings.pgPort),
  max: Math.max(connections, ...readConnections),
});
const mail = await startMailCatcher();
try {
  const profile = args['cpu-prof'] ? ['--cpu-prof', `--cpu-prof-dir=${args['cpu-prof']}`] : [];
  // Its mails leave through SMTP to this process (the portal rows); one address asks for every portal code.
  const apiChild = await startApiServer(settings, profile, undefined, {
    PRODUCTHUB_SMTP_URL: mail.url,
    PRODUCTHUB_MAIL_FROM: 'no-reply@bench.example',
    PRODUCTHUB_PORTAL_CODE_RATE_LIMIT: '1000000',
    PRODUCTHUB_PORTAL_CODE_ADDRESS_RATE_LIMIT: '1000000',
    // The redeem row's one customer redeems thousands of serials: the limit's statement still runs on every try.
    PRODUCTHUB_PORTAL_REDEEM_RATE_LIMIT: '1000000',
    PRODUCTHUB_PORTAL_REDEEM_ADDRESS_RATE_LIMIT: '1000000',
  });
  const floorChild = await startChild(
    'floor',
    ['api-server/bench/floor-server.mjs', String(settings.floorPort)],
    /floor listening/,
    {},
  );

  const staff = await login(benchStaffEmail(1));
  const superuser = await login(BENCH_SUPERUSER_EMAIL);
  const fixtures = await loadFixtures();
  const results = [];
  const floor = await measureHttp({
    name: 'floor: Fastify constant JSON',
    url: `http://127.0.0.1:${settings.floorPort}/constant`,
  });
  console.error(`floor: ${floor.rps} req/s, p50 ${floor.p50} ms`);

  for (const scenario of scenarios(fixtures)) {
    if (args.only && !args.only.split(',').some((filter) => scenario.name.includes(filter))) continue;
    const token = scenario.as === 'superuser' ? superuser : staff;
    if (!scenario.sql) {
      const http = scenario.measure
        ? await scenario.measure(api + scenario.path, token)
        : await measureHttp({ ...scenario, url: api + scenario.path, token });
      const sqlFloor = scenario.sqlReplay ? await scenario.sqlReplay() : undefined;
      results.push({ name: scenario.name, kind: scenario.kind, http, sql: sqlFloor });
      console.error(
        `${scenario.name}: p95 ${http.p95} ms, ${http.rps} req/s${sqlFloor ? `; SQL p50 ${sqlFloor.p50} ms` : ''}`,
      );
      continue;
    }
    const statements = await captureSql(scenario.sql);
    for (const level of readConnections) {
      const http = await measureHttp({ ...scenario, url: api + scenario.path, token, connections: level });
      const sqlFloor = await measureSql(statements, level);
      results.push({
        name: `${scenario.name} (${level} conn)`,
        scenario: scenario.name,
        kind: scenario.kind,
        connections: level,
        http,
        sql: sqlFloor,
      });
      console.error(
        `${scenario.name} (${level} conn): p50 ${http.p50} ms, ${http.rps} req/s; SQL p50 ${sqlFloor.p50} ms, ${sqlFloor.rps} req/s`,
      );
    }
  }
  if (!args.only || args.only.split(',').includes('client'))
    results.push(
      ...(await clientRows({
        api,
        apiPid: apiChild.pid,
        floorPid: floorChild.pid,
        floorApi: `http://127.0.0.1:${settings.floorPort}`,
        pool,
        dataDir: settings.dataDir,
        duration,
      })),
    );
  if (!args.only || args.only.split(',').includes('portal'))
    results.push(...(await portalRows({ api, apiPid: apiChild.pid, dataDir: settings.dataDir, pool, mail, duration })));
  const rowContext = {
    api,
    floorApi: `http://127.0.0.1:${settings.floorPort}`,
    apiPid: apiChild.pid,
    floorPid: floorChild.pid,
    heartbeatFloorPort: settings.heartbeatFloorPort,
    dataDir: settings.dataDir,
    pool,
    duration,
    log: console.error,
  };
  if (!args.only || args.only.split(',').includes('orders'))
    results.push(...(await orderRows({ ...rowContext, mail, staffToken: staff })));
  if (!args.only || args.only.split(',').includes('seats')) results.push(...(await seatRows(rowContext)));
  results.push(
    ...(await operationsRows({
      api,
      pool,
      apiPid: apiChild.pid,
      tokens: { staff, superuser },
      only: args.only,
      duration,
    })),
  );

  const load = { start: loadAtStart.map(round2), end: loadavg().map(round2) };
  const report = {
    at: new Date().toISOString(),
    cpus: cpus().length,
    load,
    duration,
    connections,
    readConnections,
    scale: settings.scale,
    floor,
    results,
  };
  mkdirSync(new URL('results', import.meta.url), { recursive: true });
  const file = new URL(`results/api-${report.at.replace(/[:.]/g, '-')}.json`, import.meta.url).pathname;
  writeFileSync(file, JSON.stringify(report, null, 2));
  console.log(markdown(report));
  console.log(`\nJSON: ${file}`);
} finally {
  await pool.end();
  stopChildren();
  await mail.close();
}

function scenarios(f) {
  const per = (page, perPage = 25) => `page=${page}&per_page=${perPage}`;
  const list = (name, path, query, sqlOf, extra = {}) => ({
    name,
    kind: 'list',
    path: `${path}?${query}`,
    sql: sqlOf,
    ...extra,
  });
  const get = (name, path, sqlOf) => ({ name, kind: 'get', path, sql: sqlOf });
  const page = (p, perPage = 25) => pageRequest({ page: p, per_page: perPage });
  const m = 1;
  return [
    {
      name: 'login (scrypt N=2^17)',
      kind: 'write',
      path: '/api/v1/systemusers/login',
      method: 'POST',
      amount: 20,
      connections: 2,
      body: JSON.stringify({ email: benchStaffEmail(2), password: BENCH_PASSWORD }),
      noAuth: true,
    },
    list(
      'manufacturers p1',
      '/api/v1/manufacturers',
      per(1),
      (db) => repositories.manufacturers.listManufacturers(db, undefined, page(1)),
      { as: 'superuser' },
    ),
    list(
      'manufacturers p1 search',
      '/api/v1/manufacturers',
      `${per(1)}&search=office5`,
      (db) => repositories.manufacturers.listManufacturers(db, 'office5', page(1)),
      {
        as: 'superuser',
      },
    ),
    list('products p1', '/api/v1/products', per(1), (db) => repositories.products.listProducts(db, m, {}, page(1))),
    list(`products deep p${f.productsLast}`, '/api/v1/products', per(f.productsLast), (db) =>
      repositories.products.listProducts(db, m, {}, page(f.productsLast)),
    ),
    list('products search identifier', '/api/v1/products', `${per(1)}&identifier=plugin0050`, (db) =>
      repositories.products.listProducts(db, m, { identifier: 'plugin0050' }, page(1)),
    ),
    list('users p1', '/api/v1/users', per(1), (db) => repositories.endUsers.listEndUsers(db, m, undefined, page(1))),
    list(`users deep p${f.usersLast}`, '/api/v1/users', per(f.usersLast), (db) =>
      repositories.endUsers.listEndUsers(db, m, undefined, page(f.usersLast)),
    ),
    list('users search email', '/api/v1/users', `${per(1)}&email=user00012`, (db) =>
      repositories.endUsers.listEndUsers(db, m, 'user00012', page(1)),
    ),
    list('product licences p1 (250/page)', `/api/v1/products/${f.bigProduct}/licenses`, per(1, 250), (db) =>
      repositories.licenses.listLicenses(db, m, { productId: f.bigProduct }, undefined, page(1, 250)),
    ),
    list(
      `product licences deep p${f.licensesLast} (250/page)`,
      `/api/v1/products/${f.bigProduct}/licenses`,
      per(f.licensesLast, 250),
      (db) =>
        repositories.licenses.listLicenses(db, m, { productId: f.bigProduct }, undefined, page(f.licensesLast, 250)),
    ),
    // The deepest walk: pages past the middle are walked back from the last licence, so the middle page skips most.
    list(
      `product licences middle p${Math.ceil(f.licensesLast / 2)} (250/page)`,
      `/api/v1/products/${f.bigProduct}/licenses`,
      per(Math.ceil(f.licensesLast / 2), 250),
      (db) =>
        repositories.licenses.listLicenses(
          db,
          m,
          { productId: f.bigProduct },
          undefined,
          page(Math.ceil(f.licensesLast / 2), 250),
        ),
    ),
    list(
      'product licences search email',
      `/api/v1/products/${f.bigProduct}/licenses`,
      `${per(1, 250)}&email=user00012`,
      (db) => repositories.licenses.listLicenses(db, m, { productId: f.bigProduct }, 'user00012', page(1, 250)),
    ),
    list('user licences p1', `/api/v1/users/${f.user}/licenses`, per(1), (db) =>
      repositories.licenses.listLicenses(db, m, { userId: f.user }, undefined, page(1)),
    ),
    list('audit events p1', '/api/v1/audit-events', per(1), (db) =>
      repositories.auditEvents.listAuditEvents(db, { manufacturerId: m }, {}, page(1)),
    ),
    list('audit events deep p1000', '/api/v1/audit-events', per(1000), (db) =>
      repositories.auditEvents.listAuditEvents(db, { manufacturerId: m }, {}, page(1000)),
    ),
    list('audit events of one licence', '/api/v1/audit-events', `${per(1)}&object_type=license&object_id=1`, (db) =>
      repositories.auditEvents.listAuditEvents(
        db,
        { manufacturerId: m },
        { objectType: 'license', objectId: '1' },
        page(1),
      ),
    ),
    list(
      'audit events manufacturer-level',
      '/api/v1/audit-events',
      per(1),
      (db) => repositories.auditEvents.listAuditEvents(db, { manufacturerLevel: true }, {}, page(1)),
      {
        as: 'superuser',
      },
    ),
    list('dashboard 30 days', '/api/v1/dashboard', 'days=30', (db) => repositories.dashboard.readDashboard(db, m, 30)),
    list('dashboard 90 days', '/api/v1/dashboard', 'days=90', (db) => repositories.dashboard.readDashboard(db, m, 90)),
    list(
      'dashboard platform 90 days',
      '/api/v1/dashboard',
      'days=90',
      (db) => repositories.dashboard.readDashboard(db, null, 90),
      { as: 'superuser' },
    ),
    list('trials p1', `/api/v1/products/${f.bigProduct}/trials`, per(1), (db) =>
      repositories.trials.listTrials(db, m, f.bigProduct, undefined, page(1)),
    ),
    list(
      'trials search fingerprint',
      `/api/v1/products/${f.bigProduct}/trials`,
      `${per(1)}&hardware_fingerprint=fp-a`,
      (db) => repositories.trials.listTrials(db, m, f.bigProduct, 'fp-a', page(1)),
    ),
    list('releases p1', `/api/v1/products/${f.bigProduct}/releases`, per(1), (db) =>
      repositories.releases.listReleases(db, m, f.bigProduct, page(1)),
    ),
    get('user details (GET by id)', `/api/v1/users/${f.user}`, (db) =>
      repositories.endUsers.findEndUserDetailsJson(db, m, f.user),
    ),
    get('product (GET by id)', `/api/v1/products/${f.bigProduct}`, (db) =>
      repositories.products.findProductJson(db, m, f.bigProduct),
    ),
    get('release (GET by id)', `/api/v1/products/${f.bigProduct}/releases/${f.release}`, (db) =>
      repositories.releases.findReleaseJson(db, m, f.bigProduct, f.release),
    ),
    get('licence (GET by id)', `/api/v1/licenses/${f.enabledLicenses[0]}`, (db) =>
      repositories.licenses.findLicenseJson(db, m, f.enabledLicenses[0]),
    ),
    get('manufacturer (GET by id)', `/api/v1/manufacturers/${m}`, (db) =>
      repositories.manufacturers.findManufacturerJson(db, m),
    ),
    {
      name: 'licence activation',
      kind: 'write',
      path: '/api/v1/licenses/0/activations',
      method: 'POST',
      // Each request activates the next enabled licence of the tenant on a new machine.
      setupRequest: rotating((n) => ({
        path: `/api/v1/licenses/${f.enabledLicenses[n % f.enabledLicenses.length]}/activations`,
        body: JSON.stringify({
          hardware_fingerprint: `bench-machine-${Date.now()}-${n}`,
          hardware_fingerprint_version: HARDWARE_FINGERPRINT_VERSION,
          signature_seed_version: SIGNATURE_SEED_VERSIONS[0],
        }),
      })),
    },
    bulkUpdate('bulk update of 250 licences', f, 1000, 250),
    // The API's maximum, 1,000 licences of one product (target: p50 <= 50 ms at 1 connection).
    bulkUpdate('bulk update of 1,000 licences', f, 1250, 1000),
    {
      name: 'release save',
      kind: 'write',
      path: `/api/v1/products/${f.bigProduct}/releases/${f.release}`,
      method: 'PATCH',
      connections: 2,
      setupRequest: rotating((n) => ({ body: JSON.stringify({ description: `Bench release save ${n}` }) })),
    },
  ];
}

/** 1,000 (or `count`) enabled licences of the big product changed in one request, alternately disabled and enabled at 1 connection (bulk-rows.mjs). */
function bulkUpdate(name, f, from, count) {
  const licenseIds = f.enabledLicenses.slice(from, from + count);
  const bounds = { licenseIds, amount: 40, seconds: Math.max(duration, 20) };
  const enough = () => {
    if (licenseIds.length !== count)
      throw new Error(
        `${name}: product ${f.bigProduct} has ${f.enabledLicenses.length} enabled licences, too few for the bench`,
      );
  };
  return {
    name,
    kind: 'write',
    path: '/api/v1/licenses/bulk-update',
    measure: (url, token) => {
      enough();
      return measureBulkHttp({ url, token, ...bounds });
    },
    sqlReplay: () =>
      measureBulkSql({
        connectionString: embeddedConnectionString(settings.pgPort),
        manufacturerId: 1,
        systemUserId: f.staffUserId,
        ...bounds,
      }),
  };
}

function rotating(make) {
  let n = 0;
  return (request) => ({ ...request, ...make(n++) });
}

async function loadFixtures() {
  const one = async (text, values = []) => (await pool.query(text, values)).rows[0];
  const bigProduct = 1;
  const licences = Number((await one('SELECT count(*) AS n FROM licenses WHERE product_id = $1', [bigProduct])).n);
  const products = Number((await one('SELECT count(*) AS n FROM products WHERE manufacturer_id = 1')).n);
  const users = Number((await one('SELECT count(*) AS n FROM end_users WHERE manufacturer_id = 1')).n);
  // A user with fingerprints, memberships and a received transfer: the fullest details page.
  const user =
    (await one('SELECT to_user_id AS id FROM license_transfers WHERE manufacturer_id = 1 ORDER BY id LIMIT 1'))?.id ??
    (await one('SELECT min(id) AS id FROM end_users WHERE manufacturer_id = 1')).id;
  const enabledLicenses = (
    await pool.query('SELECT id FROM licenses WHERE product_id = $1 AND NOT disabled ORDER BY id LIMIT 5000', [
      bigProduct,
    ])
  ).rows.map((row) => row.id);
  const release = (await one('SELECT min(id) AS id FROM releases WHERE product_id = $1', [bigProduct])).id;
  const staffUserId = (await one('SELECT id FROM system_users WHERE email = $1', [benchStaffEmail(1)])).id;
  return {
    bigProduct,
    user,
    enabledLicenses,
    release,
    staffUserId,
    productsLast: Math.max(1, Math.ceil(products / 25)),
    usersLast: Math.max(1, Math.ceil(users / 25)),
    licensesLast: Math.max(1, Math.ceil(licences / 250)),
  };
}

/** The SQL a repository call issues, captured once through Kysely's query log. */
async function captureSql(run) {
  const captured = [];
  const db = new Kysely({
    dialect: new PostgresDialect({ pool }),
    log: (event) => event.level === 'query' && captured.push({ text: event.query.sql, values: event.query.parameters }),
  });
  await run(db);
  return captured;
}

/** The same statements straight through `pg` (in parallel, as the repositories run them) over `level` connections, bounded in time. */
async function measureSql(statements, level) {
  const latencies = [];
  const until = Date.now() + Math.min(duration, 3) * 1000;
  const started = Date.now();
  await Promise.all(
    Array.from({ length: level }, async () => {
      while (Date.now() < until) {
        const start = performance.now();
        await Promise.all(statements.map((statement) => pool.query(statement.text, statement.values)));
        latencies.push(performance.now() - start);
      }
    }),
  );
  return summarise(latencies, Date.now() - started);
}

function markdown(report) {
  const lines = [
    `API figures: ${report.cpus} cores, load average (1/5/15 min) ${report.load.start.join('/')} at the start and ${report.load.end.join('/')} at the end, scale ${report.scale}, reads at ${report.readConnections.join(' and ')} connections, writes at ${report.connections}, ${report.duration} s per row (floor: Fastify constant JSON at ${report.connections} connections ${report.floor.rps} req/s, p50 ${report.floor.p50} ms)`,
    '',
    '| Scenario | p50 ms | p95 ms | p99 ms | req/s | SQL p50 ms | SQL p95 ms | SQL req/s | overhead p50 ms | vs constant floor | non-2xx | target |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|',
  ];
  for (const { name, kind, connections: level, http, sql, target } of report.results.filter(
    (result) => !result.checks,
  )) {
    const overhead = sql ? Math.round((http.p50 - sql.p50) * 100) / 100 : '';
    const ratio = http.rps / report.floor.rps;
    // The floor runs at the writes' concurrency: a read at another one is not compared with it.
    const floorRatio = level === undefined || level === report.connections ? ratio : undefined;
    lines.push(
      `| ${name} | ${http.p50} | ${http.p95} | ${http.p99} | ${http.rps} | ${sql?.p50 ?? ''} | ${sql?.p95 ?? ''} | ${sql?.rps ?? ''} | ${overhead} | ${floorRatio === undefined ? '' : `${Math.round(floorRatio * 100)}%`} | ${http.errors} | ${target ?? verdict(name, kind, http, floorRatio, overhead)} |`,
    );
  }
  const tables = [lines.join('\n'), serverOverSqlMarkdown(report)];
  const client = clientMarkdown(report.results);
  const portal = portalMarkdown(report.results);
  const selling = [orderMarkdown(report.results), seatMarkdown(report.results)].filter(Boolean);
  return [...tables, ...(client ? [client] : []), ...(portal ? [portal] : []), ...selling].join('\n\n');
}

function round2(value) {
  return Math.round(value * 100) / 100;
}

/** Every list, search and GET by id beside its SQL replay: one line per scenario, its 1- and 10-connection runs side by side. */
function serverOverSqlMarkdown(report) {
  const reads = report.results.filter((result) => (result.kind === 'list' || result.kind === 'get') && result.sql);
  const scenarioNames = [...new Set(reads.map((result) => result.scenario))];
  const at = (name, level) => reads.find((result) => result.scenario === name && result.connections === level);
  const percent = (value) => `${Math.round(value * 100)} %`;
  const verdicts = [];
  const lines = [
    'Server over its SQL: p50 at 1 connection and throughput at 10, each beside its SQL replayed through `pg` at the same concurrency',
    '',
    '| Scenario | p50 ms (1 conn) | SQL p50 ms (1 conn) | server over SQL p50 % | target <= 20 % | req/s (10 conn) | SQL req/s (10 conn) | throughput vs SQL replay at 10 | target >= 80 % |',
    '|---|---:|---:|---:|---|---:|---:|---:|---|',
  ];
  for (const name of scenarioNames) {
    const one = at(name, 1);
    const ten = at(name, 10);
    const over = one && one.http.p50 / one.sql.p50 - 1;
    const share = ten && ten.http.rps / ten.sql.rps;
    const overVerdict = one ? (over <= SERVER_OVER_SQL_P50_MAX ? 'PASS' : 'MISS') : '';
    const shareVerdict = ten ? (share >= THROUGHPUT_VS_SQL_MIN ? 'PASS' : 'MISS') : '';
    verdicts.push(overVerdict, shareVerdict);
    lines.push(
      `| ${name} | ${one?.http.p50 ?? ''} | ${one?.sql.p50 ?? ''} | ${one ? percent(over) : ''} | ${overVerdict} | ${ten?.http.rps ?? ''} | ${ten?.sql.rps ?? ''} | ${ten ? percent(share) : ''} | ${shareVerdict} |`,
    );
  }
  const judged = verdicts.filter(Boolean);
  lines.push('', `${judged.filter((verdict) => verdict === 'PASS').length} of ${judged.length} PASS.`);
  return lines.join('\n');
}

/**
 * The targets (docs/performance.md): list/search p95 <= 15 ms, GET by id >= 60% of the floor's req/s, activations >= 1,500/s, overhead <= 2 ms
 * at p50; a bulk update of 1,000 licences in 50 ms at p50 (the server over its SQL: serverOverSqlMarkdown).
 */
function verdict(name, kind, http, floorRatio, overhead) {
  const checks = [];
  if (kind === 'list') checks.push([`p95 <= 15 ms`, http.p95 <= 15]);
  if (kind === 'get' && floorRatio !== undefined) checks.push([`>= 60% of floor req/s`, floorRatio >= 0.6]);
  if (name.startsWith('licence activation')) checks.push([`>= 1500 req/s`, http.rps >= 1500]);
  if (overhead !== '' && kind !== 'write') checks.push([`overhead <= 2 ms`, overhead <= 2]);
  if (name === 'bulk update of 1,000 licences') checks.push([`p50 <= 50 ms`, http.p50 <= 50]);
  return checks.map(([label, met]) => `${met ? 'met' : 'MISSED'}: ${label}`).join('; ');
}
