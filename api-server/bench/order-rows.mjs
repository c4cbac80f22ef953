// The selling rows of bench:api (docs/performance.md, "orders, batches and redeem"): an order of one licence at 1
// connection; orders at 10 connections with repeated Idempotency-Keys mixed in, checked afterwards against the
// tables (no key made two orders, every order its one licence); a reseller batch of 100,000 serials; a customer
// redeeming serials of that batch in the portal. Orders come from a shop's API key (orders:write) made for the run
// and revoked after it, as a store would send them; each makes its licence, its audit rows and the buyer's mail in
// the outbox, which the server's worker then sends to the bench's SMTP server. Every row stands beside the
// constant-JSON floor measured by the same client at the same concurrency, with CPU per call.
import { createHash } from 'node:crypto';
import { callOnce, measureTurns, unexpected } from './http-calls.mjs';
import { cpuMeter } from './process-cpu.mjs';
import { signInPortalCustomer } from './portal-rows.mjs';

/** The targets of the issue's "Speed" section. */
export const ORDER_FLOORS = { orderP95Ms: 15, ordersPerSecond: 300, batchSeconds: 5, redeemP95Ms: 10 };
const BATCH_SERIALS = 100_000;
const BATCH_RUNS = 2;
/** One order in this many reuses the key of a recent one (a retried or duplicated request), with the same body. */
const REPEAT_ONE_IN = 4;
const RECENT_KEYS = 50;
/** Requests per latency row at most; the row also stops after `duration` seconds. */
const MAX_CALLS = 5000;

export async function orderRows({ api, floorApi, apiPid, floorPid, dataDir, pool, mail, staffToken, duration, log }) {
  const cpu = cpuMeter({ apiPid, dataDir });
  const f = await fixtures(pool);
  const run = Date.now().toString(36);
  const staff = { authorization: `MSession ${staffToken}` };
  const key = await createShopKey(api, staff, run);
  const shop = { authorization: `Bearer ${key.secret}` };
  const rows = [];
  try {
    const orderBody = (n) => ({
      buyer: { email: f.buyers[n % f.buyers.length], name: `Bench Buyer ${n % f.buyers.length}` },
      lines: [{ product_id: f.product, license_type: 'Standard', quantity: 1 }],
      store: 'api',
      external_order_id: `bench-${run}-${n}`,
      amount: 1999,
      currency: 'EUR',
    });

    // One connection, a new key each order.
    const floor1 = await floorRow(cpu, floorApi, floorPid, 1, duration);
    const single = await cpu(() =>
      turns({ api, connections: 1, duration, kind: 'order' }, async (_, n, timed) => {
        await timed('order', {
          path: '/api/v1/orders',
          headers: { ...shop, 'idempotency-key': `bench-${run}-one-${n}` },
          body: orderBody(n),
        });
      }),
    );
    rows.push(
      row('order of one licence (1 conn)', 1, single, floor1, {
        target: check(
          single.p95 <= ORDER_FLOORS.orderP95Ms && !unexpected(single.statuses, [201]),
          `p95 <= ${ORDER_FLOORS.orderP95Ms} ms`,
        ),
      }),
    );
    log(
      `order of one licence (1 conn): p95 ${single.p95} ms, ${single.rps}/s, statuses ${JSON.stringify(single.statuses)}`,
    );

    // Ten connections; one order in REPEAT_ONE_IN repeats a recent key (possibly still in flight) with its body.
    const floor10 = await floorRow(cpu, floorApi, floorPid, 10, duration);
    const recent = [];
    const answers = new Map();
    const many = await cpu(() =>
      turns({ api, connections: 10, duration, kind: 'order' }, async (_, n, timed) => {
        const repeat = recent.length > 0 && n % REPEAT_ONE_IN === 0;
        const k = repeat ? recent[hashOf(n) % recent.length] : n;
        if (!repeat) {
          recent.push(k);
          if (recent.length > RECENT_KEYS) recent.shift();
        }
        const { status, json } = await timed('order', {
          path: '/api/v1/orders',
          headers: { ...shop, 'idempotency-key': `bench-${run}-many-${k}` },
          body: orderBody(k),
        });
        if (status === 201) {
          if (!answers.has(k)) answers.set(k, new Set());
          answers.get(k).add(json.id);
        }
      }),
    );
    const duplicates = await checkOrders(pool, `bench-${run}-many-`, answers);
    const made = answers.size;
    rows.push(
      row('orders, repeated keys mixed in (10 conn)', 10, many, floor10, {
        made,
        madePerSecond: Math.round((made / many.elapsed) * 1000),
        repeats: many.requests - made,
        problems: duplicates,
        target: check(
          many.rps >= ORDER_FLOORS.ordersPerSecond && duplicates.length === 0 && !unexpected(many.statuses, [201]),
          `>= ${ORDER_FLOORS.ordersPerSecond} orders/s, no key made two orders`,
        ),
      }),
    );
    log(
      `orders (10 conn): ${many.rps} answers/s, ${made} orders made of ${many.requests} requests; ${duplicates.join('; ') || 'every key made one order with one licence'}`,
    );

    // Batches of 100,000 serials, one after another, from the staff console's route.
    const batches = [];
    for (let b = 0; b < BATCH_RUNS; b++) {
      const start = performance.now();
      const { status, json } = await callOnce(api, {
        path: `/api/v1/products/${f.product}/batches`,
        headers: staff,
        body: { license_type: 'Standard', count: BATCH_SERIALS, reseller: 'Bench Reseller', note: `bench ${run}` },
        // On a loaded machine a batch has taken over 30 s; the row reports it rather than giving up.
        timeoutMs: 300_000,
      });
      const ms = performance.now() - start;
      if (status !== 201) throw new Error(`batch of ${BATCH_SERIALS}: ${status} ${JSON.stringify(json)}`);
      const stored = Number(
        (await pool.query('SELECT count(*) AS n FROM batch_serials WHERE batch_id = $1', [json.id])).rows[0].n,
      );
      if (stored !== BATCH_SERIALS || json.count !== BATCH_SERIALS)
        throw new Error(`batch ${json.id}: ${stored} serials stored, ${json.count} answered, not ${BATCH_SERIALS}`);
      batches.push({ id: json.id, ms: Math.round(ms) });
      log(`batch of ${BATCH_SERIALS} serials: ${Math.round(ms)} ms (batch ${json.id}, ${stored} serials stored)`);
    }
    const slowest = Math.max(...batches.map((batch) => batch.ms));
    rows.push({
      name: `batch of ${BATCH_SERIALS.toLocaleString('en')} serials (${BATCH_RUNS} in a row)`,
      kind: 'orders',
      connections: 1,
      batches,
      http: {
        requests: batches.length,
        p50: Math.min(...batches.map((batch) => batch.ms)),
        p95: slowest,
        p99: slowest,
        rps: '',
        errors: 0,
      },
      target: check(slowest <= ORDER_FLOORS.batchSeconds * 1000, `each <= ${ORDER_FLOORS.batchSeconds} s`),
    });

    // A customer redeems serials of the last batch in the portal, one at a time.
    const batchId = batches.at(-1).id;
    const serials = (
      await pool.query(
        "SELECT serial FROM batch_serials WHERE batch_id = $1 AND status = 'unsold' ORDER BY id LIMIT $2",
        [batchId, MAX_CALLS],
      )
    ).rows.map((one) => one.serial);
    const customer = await signInPortalCustomer({ api, mail, slug: f.slug, email: f.redeemer });
    const portal = { authorization: `PortalSession ${customer.token}` };
    const redeemed = await cpu(() =>
      turns({ api, connections: 1, duration, kind: 'redeem', maxCalls: serials.length }, async (_, n, timed) => {
        // Typed as a person might: lower case, the dashes left out.
        await timed('redeem', {
          path: '/api/v1/portal/redeem',
          headers: portal,
          body: { serial: serials[n].toLowerCase().replace(/-/g, '') },
        });
      }),
    );
    const counted = (await pool.query('SELECT redeemed_count FROM serial_batches WHERE id = $1', [batchId])).rows[0]
      .redeemed_count;
    const redeemChecks =
      counted === (redeemed.statuses[201] ?? 0)
        ? []
        : [`batch ${batchId} counts ${counted} redeemed, the answers ${redeemed.statuses[201] ?? 0}`];
    rows.push(
      row('portal redeem of a batch serial (1 conn)', 1, redeemed, floor1, {
        problems: redeemChecks,
        target: check(
          redeemed.p95 <= ORDER_FLOORS.redeemP95Ms &&
            redeemChecks.length === 0 &&
            !unexpected(redeemed.statuses, [201]),
          `p95 <= ${ORDER_FLOORS.redeemP95Ms} ms`,
        ),
      }),
    );
    log(`redeem (1 conn): p95 ${redeemed.p95} ms, ${redeemed.rps}/s, statuses ${JSON.stringify(redeemed.statuses)}`);
  } finally {
    await callOnce(api, {
      path: `/api/v1/manufacturers/1/api-keys/${key.id}/revoke`,
      headers: staff,
    });
  }
  return rows;
}

const check = (met, label) => `${met ? 'met' : 'MISSED'}: ${label}`;
const hashOf = (n) => createHash('sha256').update(String(n)).digest().readUInt32BE(0);

/** measureTurns for one kind of call, its figures flattened (and the elapsed time kept). */
async function turns({ api, connections, duration, kind, maxCalls = MAX_CALLS }, turn) {
  const { byKind, elapsed } = await measureTurns({ api, connections, duration, maxCalls, turn });
  const figures = byKind[kind] ?? { requests: 0, rps: 0, p50: null, p95: null, p99: null, statuses: {} };
  return { ...figures, elapsed, errors: unexpected(figures.statuses, [200, 201]) ? 1 : 0 };
}

/** The constant-JSON floor, POSTed by the same client at the same concurrency. */
async function floorRow(cpu, floorApi, floorPid, connections, duration) {
  return cpu(
    () =>
      turns({ api: floorApi, connections, duration: Math.min(duration, 3), kind: 'floor' }, (_, n, timed) =>
        timed('floor', { path: '/constant', body: { n } }),
      ),
    floorPid,
  );
}

const row = (name, connections, http, floor, extra) => ({ name, kind: 'orders', connections, http, floor, ...extra });

/** The shop's key for this run (orders:write), expiring in two hours in case the bench dies before revoking it. */
async function createShopKey(api, staff, run) {
  const { status, json } = await callOnce(api, {
    path: '/api/v1/manufacturers/1/api-keys',
    headers: staff,
    body: {
      name: `bench shop ${run}`,
      scopes: ['orders:write'],
      expires_at: new Date(Date.now() + 2 * 3600_000).toISOString(),
    },
  });
  if (status !== 201) throw new Error(`creating the shop's API key: ${status} ${JSON.stringify(json)}`);
  return json;
}

/**
 * The orders the run's keys made, against the answers: one order per key, the id every answer for that key gave,
 * one order line and one licence each. Answers the problems found (none: an empty list).
 */
async function checkOrders(pool, prefix, answers) {
  const { rows } = await pool.query(
    `SELECT o.idempotency_key AS key, o.id, (SELECT count(*) FROM order_lines ol WHERE ol.order_id = o.id)::int AS lines,
       (SELECT count(*) FROM order_licenses ok WHERE ok.order_id = o.id)::int AS licences
     FROM orders o WHERE o.manufacturer_id = 1 AND o.idempotency_key LIKE $1`,
    [`${prefix}%`],
  );
  const problems = [];
  const byKey = new Map();
  for (const order of rows) {
    if (byKey.has(order.key)) problems.push(`key ${order.key} made orders ${byKey.get(order.key)} and ${order.id}`);
    byKey.set(order.key, order.id);
    if (order.lines !== 1 || order.licences !== 1)
      problems.push(`order ${order.id} has ${order.lines} lines and ${order.licences} licences, not 1 and 1`);
  }
  for (const [k, ids] of answers) {
    const stored = byKey.get(`${prefix}${k}`);
    if (ids.size !== 1) problems.push(`key ${prefix}${k} was answered with orders ${[...ids].join(', ')}`);
    else if (stored !== [...ids][0]) problems.push(`key ${prefix}${k} was answered ${[...ids][0]}, stored ${stored}`);
  }
  if (rows.length !== answers.size) problems.push(`${rows.length} orders stored for ${answers.size} keys answered`);
  return problems;
}

/** The product orders and batches sell (the tenant's last seeded product), buyers, the redeeming customer. */
async function fixtures(pool) {
  const one = async (text, values = []) => (await pool.query(text, values)).rows[0];
  const product = (
    await one("SELECT max(id) AS id FROM products WHERE manufacturer_id = 1 AND identifier LIKE 'com.bench.plugin%'")
  ).id;
  const { portal_slug: slug } = await one('SELECT portal_slug FROM manufacturers WHERE id = 1');
  // Returning customers: the tenant's end users from its 500th on (the portal rows ask codes for its first 100).
  const buyers = (
    await pool.query('SELECT email FROM end_users WHERE manufacturer_id = 1 ORDER BY id OFFSET 500 LIMIT 1000')
  ).rows.map((user) => user.email);
  const fallback = buyers.length
    ? buyers
    : (await pool.query('SELECT email FROM end_users WHERE manufacturer_id = 1 ORDER BY id LIMIT 1000')).rows.map(
        (user) => user.email,
      );
  const redeemer = (
    await one("SELECT email FROM end_users WHERE manufacturer_id = 1 AND email LIKE 'user%' ORDER BY id DESC LIMIT 1")
  ).email;
  return { product, slug, buyers: fallback, redeemer };
}

/** The selling rows beside their floors (empty without them). */
export function orderMarkdown(results) {
  const rows = results.filter((result) => result.kind === 'orders');
  if (rows.length === 0) return '';
  const cpuText = (cpu) => (cpu ? `${cpu.api} / ${cpu.pg} + ${cpu.pgBackground} / ${cpu.bench}` : '');
  const lines = [
    'Orders, batches and redeem, each beside the constant-JSON floor POSTed by the same client at the same concurrency (CPU ms per call: server / PostgreSQL backends + background / bench):',
    '',
    '| Row | p50 ms | p95 ms | per s | floor p95 ms / per s | vs floor | CPU ms per call | checks | target |',
    '|---|---:|---:|---:|---:|---:|---|---|---|',
  ];
  for (const result of rows) {
    const { http, floor } = result;
    const perSecond = result.madePerSecond
      ? `${http.rps} (${result.madePerSecond} new)`
      : result.batches
        ? result.batches.map((batch) => `${(batch.ms / 1000).toFixed(2)} s`).join(', ')
        : http.rps;
    lines.push(
      `| ${result.name} | ${http.p50 ?? ''} | ${http.p95 ?? ''} | ${perSecond} | ${floor ? `${floor.p95} / ${floor.rps}` : ''} | ` +
        `${floor ? `${Math.round((http.rps / floor.rps) * 100)}%` : ''} | ${cpuText(http.cpu)} | ` +
        `${result.problems ? result.problems.join('; ') || 'exact' : ''} | ${result.target} |`,
    );
  }
  return lines.join('\n');
}
