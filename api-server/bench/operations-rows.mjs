// The operations rows of `npm run bench`: CSV export (rows/s, bytes and the server's peak memory beside
// its memory before), History pages (GET /audit-events) and the Dashboard, each latency row at 1 connection beside
// its own SQL (captured from the repositories through Kysely) replayed through `pg`, every row with its target and
// PASS/MISS. The Dashboard's figures are also checked against counts made straight from the base tables.
// Selected by `--only operations` or by a row name (`--only export`, `--only history`, `--only dashboard`).
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { capture } from './client-rows.mjs';
import { summarise } from './stats.mjs';

const require = createRequire(import.meta.url);
const { Pool } = require('pg');
const { listAuditEvents } = require('../dist/audit/queries/audit-events.js');
const { readDashboard } = require('../dist/dashboard/queries.js');
const { pageRequest } = require('../dist/lib/paging.js');

const LATENCY_TARGET = { history: 15, dashboard: 50 };
/**
 * The export's memory bound. The server writes 500 rows per chunk from a cursor fetching 1,000, into a socket that
 * pulls only as fast as we read; what may still grow is V8's young generation (up to 16 MB a semispace) before a
 * scavenge, and socket buffers. A server holding the big list would hold its rows (100,000 pg row objects at
 * scale 1, some 50 MB, besides 12 MB of CSV), so it fails 32 MB.
 */
const RSS_GROWTH_LIMIT_MB = 32;
const YOUNG_GENERATION_MB = 16;
/** The big list (100,000 licences at scale 1) exported this many times in a row: a million rows through one server. */
const EXPORT_ROUNDS = 10;
/** Requests per latency row at most; the row also stops after `duration` seconds. */
const MAX_REQUESTS = 2000;
const BIG_PRODUCT = 1;
/** Owners at customer1 and customer10..19: 11 of the seed's 97 mail domains, about a ninth of the big list. */
const SMALL_LIST_EMAIL = '@customer1';

export async function operationsRows({ api, pool: shared, apiPid, tokens, only, duration, log = console.error }) {
  const filters = only?.split(',');
  const selected = (name) =>
    !filters || filters.includes('operations') || filters.some((filter) => name.startsWith(filter));
  const pool = new Pool({ ...shared.options, max: 4 });
  const results = [];
  try {
    const f = await fixtures(pool, api, tokens.staff);
    if (selected('export')) results.push(...(await exportRows(api, apiPid, tokens.staff, f, log)));
    for (const row of historyRows(f)) {
      if (!selected(row.name)) continue;
      results.push(await latencyRow(row, { api, pool, tokens, duration }));
      log(`${row.name}: p95 ${results.at(-1).http.p95} ms; SQL p95 ${results.at(-1).sql.p95} ms`);
    }
    if (selected('dashboard')) {
      await addActivationHistory(pool, log);
      for (const row of dashboardRows()) {
        results.push({
          ...(await latencyRow(row, { api, pool, tokens, duration })),
          exact: await dashboardExact(pool, api, tokens[row.as], row),
        });
        log(
          `${row.name}: p95 ${results.at(-1).http.p95} ms; SQL p95 ${results.at(-1).sql.p95} ms; ${results.at(-1).exact.join('; ') || 'figures exact'}`,
        );
      }
    }
  } finally {
    await pool.end();
  }
  const table = operationsMarkdown(results);
  if (table) console.log(`${table}\n`);
  return results;
}

async function fixtures(pool, api, staffToken) {
  const one = async (text, values = []) => (await pool.query(text, values)).rows[0];
  const bigLicences = Number((await one('SELECT count(*) AS n FROM licenses WHERE product_id = $1', [BIG_PRODUCT])).n);
  // The small list's size from the list route itself: a second opinion on the search the export must honour.
  const listed = await getJson(
    api,
    `/api/v1/products/${BIG_PRODUCT}/licenses?per_page=1&email=${encodeURIComponent(SMALL_LIST_EMAIL)}`,
    staffToken,
  );
  const staffUser = (
    await one(
      "SELECT id FROM system_users WHERE manufacturer_id = 1 AND access_level = 'manufacturer' ORDER BY id LIMIT 1",
    )
  ).id;
  const events = Number((await one('SELECT count(*) AS n FROM audit_log WHERE manufacturer_id = 1')).n);
  const newest = new Date((await one('SELECT max(created_at) AS at FROM audit_log WHERE manufacturer_id = 1')).at);
  return { bigLicences, smallLicences: listed.pagination.records.total, staffUser, events, newest };
}

// ---- Export -------------------------------------------------------------------------------------------------

async function exportRows(api, pid, token, f, log) {
  const path = `/api/v1/products/${BIG_PRODUCT}/licenses/export.csv`;
  const small = `${path}?email=${encodeURIComponent(SMALL_LIST_EMAIL)}`;
  await streamExports(api, small, token, pid, 1); // warm-up: code paths compiled, pools filled, before memory is compared
  const rows = [];
  for (const [name, url, expected, rounds] of [
    [`export: big product's licences (${f.bigLicences} rows)`, path, f.bigLicences, 1],
    [
      `export: the same ${EXPORT_ROUNDS}× back to back (${EXPORT_ROUNDS * f.bigLicences} rows)`,
      path,
      f.bigLicences,
      EXPORT_ROUNDS,
    ],
    [
      `export: searched, ${Math.round(f.bigLicences / Math.max(1, f.smallLicences))}× smaller (${f.smallLicences} rows)`,
      small,
      f.smallLicences,
      1,
    ],
  ]) {
    const run = await streamExports(api, url, token, pid, rounds);
    const checks = [
      { label: `every export has ${expected} rows`, pass: run.counts.every((count) => count === expected) },
      { label: `RSS growth <= ${RSS_GROWTH_LIMIT_MB} MB`, pass: run.growthMb <= RSS_GROWTH_LIMIT_MB },
    ];
    rows.push({ name, kind: 'export', export: run, checks });
    log(
      `${name}: ${run.rows} rows in ${run.seconds} s (${run.rowsPerSecond} rows/s, ${run.mb} MB); RSS ${run.rssBeforeMb} → peak ${run.peakMb} MB`,
    );
  }
  const [big, backToBack, smaller] = rows.map((row) => row.export);
  // Not growing with the row count: V8 lets its heap grow under a sustained stream until it settles (≈ 100 MB above
  // idle here), so the proof is that the second half of the back-to-back exports peaks no higher than the first half.
  const half = Math.ceil(backToBack.roundPeaksMb.length / 2);
  const firstHalf = Math.max(...backToBack.roundPeaksMb.slice(0, half));
  const secondHalf = Math.max(...backToBack.roundPeaksMb.slice(half));
  rows[1].checks.push({
    label: `peak of the last ${EXPORT_ROUNDS - half} exports <= the first ${half}'s + ${YOUNG_GENERATION_MB} MB (${secondHalf} vs ${firstHalf})`,
    pass: secondHalf <= firstHalf + YOUNG_GENERATION_MB,
  });
  // Bounded: what the big list adds over a list ~10× smaller is at most V8's young generation, not its rows.
  rows[0].checks.push({
    label: `growth vs the smaller list's <= +${YOUNG_GENERATION_MB} MB (${big.growthMb} vs ${smaller.growthMb})`,
    pass: big.growthMb <= smaller.growthMb + YOUNG_GENERATION_MB,
  });
  return rows;
}

/**
 * Streams an export `rounds` times, one after the other, and counts each one's records (a record ends at a line feed
 * outside quotes), while the server's RSS is sampled every 50 ms from /proc; its high-water mark (VmHWM) is reset
 * first (clear_refs 5), so the kernel's own peak covers what the sampling could miss between two samples.
 */
async function streamExports(api, path, token, pid, rounds) {
  const status = `/proc/${pid}/status`;
  const kb = (field) => Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync(status, 'utf8'))[1]);
  writeFileSync(`/proc/${pid}/clear_refs`, '5');
  const rssBefore = kb('VmRSS');
  let sampledPeak = rssBefore;
  let roundPeak = rssBefore;
  const roundPeaks = [];
  const sampler = setInterval(() => {
    const rss = kb('VmRSS');
    sampledPeak = Math.max(sampledPeak, rss);
    roundPeak = Math.max(roundPeak, rss);
  }, 50);
  const started = performance.now();
  let bytes = 0;
  const counts = [];
  try {
    for (let round = 0; round < rounds; round++) {
      const response = await fetch(api + path, {
        headers: { authorization: `MSession ${token}` },
        signal: AbortSignal.timeout(300_000),
      });
      if (!response.ok || !response.headers.get('content-type')?.startsWith('text/csv'))
        throw new Error(`${path}: ${response.status} ${await response.text()}`);
      let records = 0;
      let quoted = false;
      for await (const chunk of response.body) {
        bytes += chunk.length;
        for (const byte of chunk) {
          if (byte === 0x22) quoted = !quoted;
          else if (byte === 0x0a && !quoted) records++;
        }
      }
      counts.push(records - 1); // the header
      roundPeaks.push(Math.max(roundPeak, kb('VmRSS')));
      roundPeak = 0;
    }
  } finally {
    clearInterval(sampler);
  }
  const seconds = (performance.now() - started) / 1000;
  const peak = Math.max(sampledPeak, kb('VmHWM'));
  const mb = (kilobytes) => Math.round(kilobytes / 102.4) / 10;
  const rows = counts.reduce((sum, count) => sum + count, 0);
  return {
    rows,
    counts,
    bytes,
    mb: mb(bytes / 1024),
    seconds: Math.round(seconds * 100) / 100,
    rowsPerSecond: Math.round(rows / seconds),
    rssBeforeMb: mb(rssBefore),
    peakMb: mb(peak),
    growthMb: mb(peak - rssBefore),
    roundPeaksMb: roundPeaks.map(mb),
  };
}

// ---- History and Dashboard latency rows ------------------------------------------------------------------------

function historyRows(f) {
  const staff = { manufacturerId: 1 };
  const su = { manufacturerLevel: true };
  const hour = 3600_000;
  // An hour ten days back (at scale 1 the seed's events span 116 days; at 0.2, 23).
  const pastFrom = new Date(f.newest.getTime() - 10 * 24 * hour);
  const ranges = {
    'last hour': [new Date(f.newest.getTime() - hour), new Date(f.newest.getTime() + 1000)],
    'an hour 10 days ago': [pastFrom, new Date(pastFrom.getTime() + hour)],
  };
  const deep = 1000;
  const row = (name, as, scope, query, filter, page = 1) => ({
    name: `history: ${name}`,
    kind: 'history',
    as,
    path: `/api/v1/audit-events?${new URLSearchParams({ page: String(page), per_page: '25', ...query })}`,
    sql: (db) => listAuditEvents(db, scope, filter, pageRequest({ page, per_page: 25 })),
  });
  const rangeRow = (as, scope, label) => {
    const [from, to] = ranges[label];
    return row(
      `${as} time range, ${label}`,
      as,
      scope,
      { from: from.toISOString(), to: to.toISOString() },
      { from, to },
    );
  };
  return [
    row(`staff first page (${f.events} events)`, 'staff', staff, {}, {}),
    row(`staff deep page p${deep}`, 'staff', staff, {}, {}, deep),
    row(
      'staff one licence',
      'staff',
      staff,
      { object_type: 'license', object_id: '1' },
      { objectType: 'license', objectId: '1' },
    ),
    row('staff by actor (a staff user)', 'staff', staff, { actor: String(f.staffUser) }, { actor: f.staffUser }),
    row('staff by actor client', 'staff', staff, { actor: 'client' }, { actor: 'client' }),
    row('staff by action (common)', 'staff', staff, { action: 'license.disable' }, { action: 'license.disable' }),
    row('staff by action (rare)', 'staff', staff, { action: 'import.apply' }, { action: 'import.apply' }),
    rangeRow('staff', staff, 'last hour'),
    rangeRow('staff', staff, 'an hour 10 days ago'),
    row('superuser first page', 'superuser', su, {}, {}),
    row('superuser by action', 'superuser', su, { action: 'manufacturer.update' }, { action: 'manufacturer.update' }),
    rangeRow('superuser', su, 'an hour 10 days ago'),
  ];
}

function dashboardRows() {
  return [30, 90].flatMap((days) => [
    {
      name: `dashboard: staff ${days} days`,
      kind: 'dashboard',
      as: 'staff',
      days,
      path: `/api/v1/dashboard?days=${days}`,
      sql: (db) => readDashboard(db, 1, days),
    },
    {
      name: `dashboard: superuser ${days} days`,
      kind: 'dashboard',
      as: 'superuser',
      days,
      path: `/api/v1/dashboard?days=${days}`,
      sql: (db) => readDashboard(db, null, days),
    },
  ]);
}

/** One request at a time on a keep-alive connection, bounded in count and time, then the same for its SQL. */
async function latencyRow(row, { api, pool, tokens, duration }) {
  const headers = { authorization: `MSession ${tokens[row.as]}` };
  const statuses = new Map();
  const http = await timed(duration, async () => {
    const response = await fetch(api + row.path, { headers, signal: AbortSignal.timeout(30_000) });
    await response.arrayBuffer();
    statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
  });
  const statements = await capture(pool, row.sql);
  // As the repository runs them: its statements at once, each on a connection of its own.
  const sql = await timed(duration, () =>
    Promise.all(statements.map((statement) => pool.query(statement.text, statement.values))),
  );
  const errors = [...statuses].filter(([status]) => status !== 200).reduce((sum, [, count]) => sum + count, 0);
  const target = LATENCY_TARGET[row.kind];
  const checks = [
    { label: `p95 <= ${target} ms at 1 conn`, pass: http.p95 !== null && http.p95 <= target },
    { label: 'every answer 200', pass: errors === 0 },
  ];
  return {
    name: row.name,
    kind: row.kind,
    connections: 1,
    http: { ...http, statuses: Object.fromEntries(statuses), errors },
    sql,
    statements: statements.length,
    checks,
  };
}

async function timed(duration, once) {
  for (let warm = 0; warm < 3; warm++) await once();
  const latencies = [];
  const started = Date.now();
  const until = started + Math.min(duration, 10) * 1000;
  while (Date.now() < until && latencies.length < MAX_REQUESTS) {
    const start = performance.now();
    await once();
    latencies.push(performance.now() - start);
  }
  return summarise(latencies, Date.now() - started);
}

// ---- Dashboard data and exactness ----------------------------------------------------------------------------

/**
 * The seed writes no activations, so a dashboard over it would chart nothing. Once per bench database: one
 * activation for every fifth licence above id 10,000 (the activation rows use the first licences), spread over
 * the last 90 days, through the real triggers (license_machines, the dashboard's daily tables); and a fifth of
 * the bench tenant's trials converted by an activation of a licence of their product on the trial's machine.
 */
async function addActivationHistory(pool, log) {
  const marker = 'bench-history-';
  const { rows } = await pool.query('SELECT 1 FROM license_activations WHERE hardware_fingerprint LIKE $1 LIMIT 1', [
    `${marker}%`,
  ]);
  if (rows.length > 0) return;
  const started = Date.now();
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const added = await client.query(
      `INSERT INTO license_activations (manufacturer_id, license_id, hardware_fingerprint, hardware_fingerprint_version, signature_seed_version, created_at)
       SELECT manufacturer_id, id, $1 || id, 1, 1, date_trunc('second', now()) - (id % 90) * interval '1 day' - (id % 86400) * interval '1 second'
       FROM licenses WHERE id > 10000 AND id % 5 = 0`,
      [marker],
    );
    const converted = await client.query(
      `INSERT INTO license_activations (manufacturer_id, license_id, hardware_fingerprint, hardware_fingerprint_version, signature_seed_version, created_at)
       SELECT t.manufacturer_id, l.id, t.hardware_fingerprint, 1, 1, date_trunc('second', now())
       FROM trials t CROSS JOIN LATERAL (SELECT id FROM licenses WHERE product_id = t.product_id AND id > 10000 ORDER BY id LIMIT 1) l
       WHERE t.manufacturer_id = 1 AND abs(hashtext(t.hardware_fingerprint)) % 5 = 0`,
    );
    await client.query('COMMIT');
    log(
      `dashboard data: ${added.rowCount} activations over 90 days and ${converted.rowCount} converted trials added in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
  } catch (error) {
    await client.query('ROLLBACK');
    throw error;
  } finally {
    client.release();
  }
}

/** Every figure of the answer against a count made straight from licenses, license_activations, trials and products. */
async function dashboardExact(pool, api, token, { as, days }) {
  const answer = await getJson(api, `/api/v1/dashboard?days=${days}`, token);
  const tenant = as === 'staff' ? 1 : null;
  const scoped = (alias) => (tenant === null ? 'true' : `${alias}.manufacturer_id = 1`);
  const q = async (text) => (await pool.query(text)).rows;
  const since = `(now() AT TIME ZONE 'UTC')::date - ${days - 1}`;
  const day = (column) => `(${column} AT TIME ZONE 'UTC')::date`;
  const [counts] = await q(
    `SELECT (SELECT count(*) FROM licenses l WHERE ${scoped('l')})::int AS licenses, (SELECT count(*) FROM license_activations a WHERE ${scoped('a')})::int AS activations,
            (SELECT count(*) FROM trials t WHERE ${scoped('t')})::int AS trials, ${tenant === null ? '(SELECT count(*) FROM manufacturers)::int' : 'NULL'} AS manufacturers`,
  );
  const byType = await q(
    `SELECT license_type, count(*) FILTER (WHERE NOT disabled)::int AS enabled, count(*) FILTER (WHERE disabled)::int AS disabled FROM licenses l WHERE ${scoped('l')} GROUP BY 1`,
  );
  const perDay = await q(
    `SELECT to_char(g.day, 'YYYY-MM-DD') AS day,
       (SELECT count(*) FROM license_activations a WHERE ${scoped('a')} AND ${day('a.created_at')} = g.day)::int AS activations,
       (SELECT count(*) FROM trials t WHERE ${scoped('t')} AND ${day('t.created_at')} = g.day)::int AS trials
     FROM generate_series(${since}, (now() AT TIME ZONE 'UTC')::date, interval '1 day') g(day) ORDER BY g.day`,
  );
  const top =
    tenant === null
      ? []
      : await q(
          `SELECT l.product_id, p.name, count(*)::int AS activations FROM license_activations a JOIN licenses l ON l.id = a.license_id JOIN products p ON p.id = l.product_id
           WHERE a.manufacturer_id = 1 AND ${day('a.created_at')} >= ${since} GROUP BY 1, 2 ORDER BY 3 DESC, 1 LIMIT 10`,
        );
  const conversion =
    tenant === null
      ? []
      : await q(
          // A trial converted when its fingerprint was activated by a licence of its product at or after its start: the
          // latest such activation per (product, fingerprint), hash-joined (a correlated EXISTS per trial ran for minutes at scale 1).
          `WITH latest AS (
             SELECT l.product_id, a.hardware_fingerprint, max(a.created_at) AS at
             FROM license_activations a JOIN licenses l ON l.id = a.license_id WHERE l.manufacturer_id = 1 GROUP BY 1, 2)
           SELECT t.product_id, p.name, count(*)::int AS trials,
             count(*) FILTER (WHERE latest.at >= date_trunc('second', t.created_at))::int AS converted
           FROM trials t JOIN products p ON p.id = t.product_id
           LEFT JOIN latest ON latest.product_id = t.product_id AND latest.hardware_fingerprint = t.hardware_fingerprint
           WHERE t.manufacturer_id = 1 GROUP BY 1, 2 ORDER BY 3 DESC, 1`,
        );
  const expected = {
    totals: counts,
    licenses_by_type: answer.licenses_by_type.map(
      ({ license_type }) =>
        byType.find((row) => row.license_type === license_type) ?? { license_type, enabled: 0, disabled: 0 },
    ),
    per_day: perDay,
    top_products: top,
    conversion,
  };
  const differences = Object.entries(expected)
    .filter(([field, value]) => JSON.stringify(normalise(answer[field])) !== JSON.stringify(normalise(value)))
    .map(([field]) => `${field} differs`);
  if (byType.some((row) => !answer.licenses_by_type.some((shown) => shown.license_type === row.license_type)))
    differences.push('licenses_by_type misses a type');
  return differences;
}

/** Key order does not matter; the API's order does. */
const normalise = (value) =>
  Array.isArray(value)
    ? value.map(normalise)
    : value && typeof value === 'object'
      ? Object.fromEntries(Object.entries(value).sort())
      : value;

async function getJson(api, path, token) {
  const response = await fetch(api + path, {
    headers: { authorization: `MSession ${token}` },
    signal: AbortSignal.timeout(30_000),
  });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return response.json();
}

// ---- Report ---------------------------------------------------------------------------------------------------

const verdicts = (checks) => checks.map(({ label, pass }) => `${pass ? 'PASS' : 'MISS'}: ${label}`).join('; ');

export function operationsMarkdown(results) {
  const exports = results.filter((result) => result.kind === 'export');
  const latency = results.filter((result) => result.kind === 'history' || result.kind === 'dashboard');
  const lines = [];
  if (exports.length > 0) {
    lines.push(
      '| Export row | rows | MB | s | rows/s | server RSS before MB | peak MB | growth MB | target |',
      '|---|---:|---:|---:|---:|---:|---:|---:|---|',
    );
    for (const { name, export: e, checks } of exports)
      lines.push(
        `| ${name} | ${e.rows} | ${e.mb} | ${e.seconds} | ${e.rowsPerSecond} | ${e.rssBeforeMb} | ${e.peakMb} | ${e.growthMb} | ${verdicts(checks)} |`,
      );
  }
  if (latency.length > 0) {
    if (lines.length > 0) lines.push('');
    lines.push(
      '| Operations row (1 connection) | p50 ms | p95 ms | p99 ms | requests | SQL p50 ms | SQL p95 ms | statements | target |',
      '|---|---:|---:|---:|---:|---:|---:|---:|---|',
    );
    for (const { name, http, sql, statements, checks, exact } of latency) {
      const all = exact
        ? [
            ...checks,
            { label: exact.length ? exact.join(', ') : 'figures = counts from the tables', pass: exact.length === 0 },
          ]
        : checks;
      lines.push(
        `| ${name} | ${http.p50} | ${http.p95} | ${http.p99} | ${http.requests} | ${sql.p50} | ${sql.p95} | ${statements} | ${verdicts(all)} |`,
      );
    }
  }
  return lines.join('\n');
}
