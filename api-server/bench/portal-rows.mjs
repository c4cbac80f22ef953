// The customer portal's rows of bench:api (docs/performance.md): the sign-in mail, from the code request to the mail
// accepted by an SMTP server in this process, with 100 requests queued at once; and the licence list of a customer
// with 50 licences (seed.mjs), at 1 connection. run.mjs starts the API server with PRODUCTHUB_SMTP_URL pointing at
// startMailCatcher()'s server, so the mails really leave through the outbox worker and nodemailer.
import { createRequire } from 'node:module';
import { SMTPServer } from 'smtp-server';
import { simpleParser } from 'mailparser';
import { measureHttp } from './measure.mjs';
import { cpuMeter, cpuTotal } from './process-cpu.mjs';
import { summarise } from './stats.mjs';
import { BENCH_PORTAL_CUSTOMER_EMAIL, BENCH_PORTAL_CUSTOMER_LICENCES } from './settings.mjs';

const require = createRequire(import.meta.url);
const { Kysely, PostgresDialect } = require('kysely');
const { listMyLicenses } = require('../dist/portal/my-licenses.js');
const { pageRequest } = require('../dist/lib/paging.js');

/** The floors of the "Speed" section. */
export const PORTAL_FLOORS = { licenceListP95Ms: 10, signInMailP95Ms: 2000 };
const QUEUED_CODE_REQUESTS = 100;
const MAIL_TIMEOUT_MS = 60_000;
const PORTAL_SCHEME = 'PortalSession';

/**
 * An SMTP server on 127.0.0.1 that accepts every mail and notes when each recipient's mail was accepted (the end
 * of DATA, before parsing), so a row can wait for "the mail to X after time T".
 */
export async function startMailCatcher() {
  const arrivals = [];
  const waiters = new Set();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks = [];
      stream.on('data', (chunk) => chunks.push(chunk));
      stream.on('end', () => {
        const at = performance.now();
        // Read before accepting: accepting resets the session's envelope for the next mail.
        const recipients = session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase());
        callback();
        const raw = Buffer.concat(chunks);
        for (const to of recipients) {
          const arrival = { to, at, raw };
          arrivals.push(arrival);
          for (const waiter of waiters) if (waiter.matches(arrival)) waiter.resolve(arrival);
        }
      });
    },
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `smtp://127.0.0.1:${server.server.address().port}`,
    /** The first mail to `to` accepted at or after `since` (performance.now()). */
    mailTo(to, since) {
      const matches = (arrival) => arrival.to === to.toLowerCase() && arrival.at >= since;
      const found = arrivals.find(matches);
      if (found) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        const waiter = {
          matches,
          resolve: (arrival) => {
            waiters.delete(waiter);
            clearTimeout(timer);
            resolve(arrival);
          },
        };
        const timer = setTimeout(() => {
          waiters.delete(waiter);
          reject(new Error(`no mail to ${to} within ${MAIL_TIMEOUT_MS / 1000} s`));
        }, MAIL_TIMEOUT_MS);
        waiters.add(waiter);
      });
    },
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

export async function portalRows({ api, apiPid, dataDir, pool, mail, duration }) {
  const withCpu = cpuMeter({ apiPid, dataDir });
  const one = async (text, values = []) => (await pool.query(text, values)).rows[0];
  const { portal_slug: slug } = await one('SELECT portal_slug FROM manufacturers WHERE id = 1');
  const customers = (
    await pool.query('SELECT email FROM end_users WHERE manufacturer_id = 1 AND email <> $1 ORDER BY id LIMIT $2', [
      BENCH_PORTAL_CUSTOMER_EMAIL,
      QUEUED_CODE_REQUESTS,
    ])
  ).rows.map((row) => row.email);
  if (customers.length < QUEUED_CODE_REQUESTS)
    throw new Error(`manufacturer 1 has ${customers.length} end users, the portal rows need ${QUEUED_CODE_REQUESTS}`);
  const rows = [];

  const requestCode = (email) =>
    fetch(`${api}/api/v1/portal/${slug}/sign-in/code`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email }),
    }).then(async (response) => {
      if (response.status !== 202)
        throw new Error(`code request for ${email}: ${response.status} ${await response.text()}`);
    });

  // 100 customers ask for a code at the same moment; each latency runs from its request to its mail's acceptance.
  const requestedAt = new Map();
  const runStart = new Date();
  let accepted;
  const mailRow = await withCpu(async () => {
    const started = performance.now();
    accepted = await Promise.all(
      customers.map(async (email) => {
        const sent = performance.now();
        requestedAt.set(email, Date.now());
        const arrived = mail.mailTo(email, sent);
        await requestCode(email);
        const { at } = await arrived;
        return { email, ms: at - sent, wall: Date.now() - (performance.now() - at) };
      }),
    );
    return summarise(
      accepted.map((one) => one.ms),
      performance.now() - started,
    );
  });
  // Where the time goes, split where the transaction that issues the code and writes the mail's outbox row begins
  // (the row's created_at: that transaction's start): before it, the request and the background work's wait; after
  // it, the code, the mail rendered, the row, the worker's poll and the SMTP send.
  const queued = new Map(
    (
      await pool.query(
        'SELECT to_address, created_at FROM email_outbox WHERE created_at >= $1 AND to_address = ANY($2)',
        [runStart, customers],
      )
    ).rows.map((row) => [row.to_address, row.created_at.getTime()]),
  );
  const toQueue = summarise(
    customers.filter((email) => queued.has(email)).map((email) => queued.get(email) - requestedAt.get(email)),
    1,
  );
  const queueToAccepted = summarise(
    accepted.filter((one) => queued.has(one.email)).map((one) => one.wall - queued.get(one.email)),
    1,
  );
  rows.push({
    name: `portal sign-in code → mail accepted by SMTP (${QUEUED_CODE_REQUESTS} queued)`,
    kind: 'portal',
    connections: QUEUED_CODE_REQUESTS,
    http: { ...mailRow, errors: 0 },
    breakdown: { requestToIssuing: toQueue, issuingToAccepted: queueToAccepted },
    target: `${mailRow.p95 <= PORTAL_FLOORS.signInMailP95Ms ? 'met' : 'MISSED'}: p95 <= ${PORTAL_FLOORS.signInMailP95Ms} ms`,
  });
  console.error(
    `portal sign-in mail: p50 ${mailRow.p50} ms, p95 ${mailRow.p95} ms of ${mailRow.requests} mails; ` +
      `request → issuing begins p50 ${toQueue.p50} ms, p95 ${toQueue.p95} ms; issuing begins → accepted p50 ${queueToAccepted.p50} ms, p95 ${queueToAccepted.p95} ms`,
  );

  // The customer with 50 licences signs in with the code of the mail, as a person would.
  const { token, user } = await signInPortalCustomer({ api, mail, slug, email: BENCH_PORTAL_CUSTOMER_EMAIL });
  const customerId = user.id;

  for (const [label, query] of [
    ['the portal page (default size)', 'page=1'],
    [`all ${BENCH_PORTAL_CUSTOMER_LICENCES} in one page`, `page=1&per_page=${BENCH_PORTAL_CUSTOMER_LICENCES}`],
  ]) {
    const url = `${api}/api/v1/portal/licenses?${query}`;
    const check = await fetch(url, { headers: { authorization: `${PORTAL_SCHEME} ${token}` } });
    const body = await check.json();
    if (!check.ok || body.pagination.records.total !== BENCH_PORTAL_CUSTOMER_LICENCES)
      throw new Error(
        `${url}: ${check.status}, ${body.pagination?.records.total} licences, not ${BENCH_PORTAL_CUSTOMER_LICENCES}: seed again`,
      );
    const http = await withCpu(() => measureHttp({ url, token, scheme: PORTAL_SCHEME, connections: 1, duration }));
    const statements = await captureSql(pool, (db) =>
      listMyLicenses(db, { endUserId: customerId, manufacturerId: 1 }, pageRequest(pageOf(query))),
    );
    const sql = await replaySql(pool, statements, duration);
    rows.push({
      name: `portal licence list, ${BENCH_PORTAL_CUSTOMER_LICENCES} licences: ${label}`,
      kind: 'portal',
      connections: 1,
      http,
      sql,
      target: `${http.p95 <= PORTAL_FLOORS.licenceListP95Ms && http.errors === 0 ? 'met' : 'MISSED'}: p95 <= ${PORTAL_FLOORS.licenceListP95Ms} ms at 1 connection`,
    });
    console.error(
      `portal licence list (${label}): p50 ${http.p50} ms, p95 ${http.p95} ms, ${http.rps} req/s; its SQL p50 ${sql.p50} ms, p95 ${sql.p95} ms`,
    );
  }
  return rows;
}

/**
 * Signs `email` in to the portal of `slug` as a person would: asks for a code, reads it from the mail the server
 * sent to the bench's SMTP server, and signs in with it. Answers the session token and the end user.
 */
export async function signInPortalCustomer({ api, mail, slug, email }) {
  const sent = performance.now();
  const arrived = mail.mailTo(email, sent);
  const ask = await fetch(`${api}/api/v1/portal/${slug}/sign-in/code`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email }),
  });
  if (ask.status !== 202) throw new Error(`code request for ${email}: ${ask.status} ${await ask.text()}`);
  const { subject } = await simpleParser((await arrived).raw);
  const code = /^(\d{6}) /.exec(subject ?? '')?.[1];
  if (!code) throw new Error(`no code in the sign-in mail's subject "${subject}"`);
  const signIn = await fetch(`${api}/api/v1/portal/${slug}/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, code }),
  });
  if (!signIn.ok) throw new Error(`portal sign-in of ${email}: ${signIn.status} ${await signIn.text()}`);
  return signIn.json();
}

const pageOf = (query) =>
  Object.fromEntries([...new URLSearchParams(query)].map(([key, value]) => [key, Number(value)]));

/** The statements a query function issues, captured once through Kysely's query log. */
async function captureSql(pool, run) {
  const captured = [];
  const db = new Kysely({
    dialect: new PostgresDialect({ pool }),
    log: (event) => event.level === 'query' && captured.push({ text: event.query.sql, values: event.query.parameters }),
  });
  await run(db);
  return captured;
}

/** The same statements straight through `pg` at 1 connection (in parallel, as the server runs them), for a few seconds. */
async function replaySql(pool, statements, duration) {
  const latencies = [];
  const started = Date.now();
  const until = started + Math.min(duration, 3) * 1000;
  while (Date.now() < until) {
    const start = performance.now();
    await Promise.all(statements.map((statement) => pool.query(statement.text, statement.values)));
    latencies.push(performance.now() - start);
  }
  return summarise(latencies, Date.now() - started);
}

/** Where the sign-in mail's time goes (the row's breakdown), under the main table; empty without the portal rows. */
export function portalMarkdown(results) {
  const row = results.find((result) => result.breakdown);
  if (!row) return '';
  const { requestToIssuing, issuingToAccepted } = row.breakdown;
  return [
    `The sign-in mail's time (${row.http.requests} mails), split where the transaction issuing the code begins (the code is issued after the answer, as background work): before it, the request and that work's wait; after it, the code, the mail rendered, its outbox row, the worker's poll and the SMTP send`,
    '',
    '| Part | p50 ms | p95 ms |',
    '|---|---:|---:|',
    `| request → issuing begins | ${requestToIssuing.p50} | ${requestToIssuing.p95} |`,
    `| issuing begins → accepted by SMTP | ${issuingToAccepted.p50} | ${issuingToAccepted.p95} |`,
    '',
    ...results
      .filter((result) => result.kind === 'portal' && result.http.cpu)
      .map(
        ({ name, http: { cpu } }) =>
          `CPU per request, ${name}: API ${cpu.api} ms, PostgreSQL ${cpu.pg} ms (+ ${cpu.pgBackground} background), bench ${cpu.bench} ms; ${cpuTotal(cpu)} ms in all.`,
      ),
  ].join('\n');
}
