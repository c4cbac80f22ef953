// The heart-beat's own floor: what one costs before any framework. Bare node:http, one pg pool, the heart-beat's
// named statement exactly as the server sends it (the call's rate-limit counting and the lease's UPDATE, captured
// from heartbeatLease once at start) and the same signed lease (the server's signer, signLease). No routing,
// validation, hooks, error handling or query builder: the server's CPU per heart-beat beside this one's is what
// the framework and the app's own layers add (docs/performance.md).
//   node api-server/bench/heartbeat-floor-server.mjs <port> <connection string> <data dir>
import http from 'node:http';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const { Kysely, PostgresDialect } = require('kysely');
const pg = require('pg');
const { loadMasterKey } = require('../dist/crypto/master-key.js');
const { createProductKeyCache } = require('../dist/crypto/product-key-cache.js');
const { heartbeatLease } = require('../dist/floating/queries/leases.js');
const { clientLimits, machineSubject } = require('../dist/clients/routes/client-guard.js');
const { signLease } = require('../dist/floating/lease-document.js');
const { statementNameOf } = require('../dist/db/named-statements.js');

const [port, connectionString, dataDir] = process.argv.slice(2);
const pool = new pg.Pool({ connectionString, max: 10 });
const productKeyOf = createProductKeyCache(loadMasterKey(undefined, dataDir));

/** The statement and where each value goes, from one run with values it can tell apart (it finds no lease). */
async function capturedStatement() {
  const queries = [];
  const db = new Kysely({
    dialect: new PostgresDialect({ pool }),
    log: (event) => event.level === 'query' && queries.push(event.query),
  });
  const key = {
    productId: -7,
    serial: 'FLOOR-SERIAL',
    hardwareFingerprint: 'floor-fingerprint',
    leaseId: crypto.randomUUID(),
  };
  const now = new Date(0);
  const limits = [{ bucket: 'floor:bucket', limit: 9, windowSeconds: 7 }];
  await heartbeatLease(db, limits, key, now);
  const [{ sql: text, parameters }] = queries;
  const places = parameters.map((value) => {
    if (value === now) return 'now';
    const name = Object.keys(key).find((k) => key[k] === value);
    if (name) return name;
    if (Array.isArray(value) && value[0] === 'floor:bucket') return 'buckets';
    if (Array.isArray(value) && value[0] === 7) return 'windows';
    if (Array.isArray(value) && value[0] === 9) return 'caps';
    return { constant: value };
  });
  return { text, name: statementNameOf(text), places };
}

const { text, name, places } = await capturedStatement();

async function heartbeat(body, address) {
  const limits = clientLimits(address, [machineSubject(body.product_id, body.hardware_fingerprint)]).sort((a, b) =>
    a.bucket < b.bucket ? -1 : 1,
  );
  const values = {
    productId: body.product_id,
    serial: body.serial.trim().toUpperCase(),
    hardwareFingerprint: body.hardware_fingerprint,
    leaseId: body.lease_id,
    now: new Date(Math.floor(Date.now() / 1000) * 1000),
    buckets: limits.map((limit) => limit.bucket),
    windows: limits.map((limit) => limit.windowSeconds),
    caps: limits.map((limit) => limit.limit),
  };
  const query = new pg.Query(
    text,
    places.map((place) => (typeof place === 'string' ? values[place] : place.constant)),
  );
  query.name = name;
  const row = (await pool.query(query)).rows[0];
  if (!row?.found) return undefined;
  return signLease(productKeyOf, { ...row, product_id: body.product_id }, row);
}

http
  .createServer((request, response) => {
    const chunks = [];
    request.on('data', (chunk) => chunks.push(chunk));
    request.on('end', () => {
      const answer = (status, body) => {
        const text = JSON.stringify(body);
        response.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
        response.end(text);
      };
      heartbeat(JSON.parse(Buffer.concat(chunks).toString('utf8')), request.socket.remoteAddress).then(
        (lease) => (lease ? answer(200, lease) : answer(409, { message: ['not renewed'] })),
        (error) => answer(500, { message: [String(error)] }),
      );
    });
  })
  .listen(Number(port), '127.0.0.1', () => console.log(`heart-beat floor listening on ${port}`));
