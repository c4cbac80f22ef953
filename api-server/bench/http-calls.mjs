// Keep-alive HTTP calls whose answers a row reads (order ids, lease ids), for order-rows.mjs and seat-rows.mjs.
// Each worker is one connection; every latency is kept, so p95 is exact. Like the client rows, a worker calls from
// its own loopback address and moves to a fresh one before the client API's per-address limit.
import { freshAddress, PER_ADDRESS } from './client-rows.mjs';
import { keepAliveConnection } from './keep-alive-client.mjs';
import { summarise } from './stats.mjs';

/** One JSON request on `connection` (a keepAliveConnection): its status and parsed answer (null when not JSON). */
export async function callJson(connection, { path, method = 'POST', headers = {}, body, timeoutMs = 30_000 }) {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  const answer = await connection.request({
    method,
    path,
    timeoutMs,
    payload,
    headers: payload === undefined ? headers : { ...headers, 'content-type': 'application/json' },
  });
  let json = null;
  try {
    json = JSON.parse(answer.body.toString('utf8'));
  } catch {
    // Not JSON: the status says enough.
  }
  return { status: answer.status, json };
}

/** One JSON request on a connection of its own, from 127.0.0.1 (the staff calls that set a row up). */
export async function callOnce(api, request) {
  const connection = keepAliveConnection(api, '127.0.0.1');
  try {
    return await callJson(connection, request);
  } finally {
    connection.close();
  }
}

/** A connection from a fresh loopback address, replaced after PER_ADDRESS calls (the client API's address limit). */
function rotatingConnection(api) {
  let current;
  let calls = 0;
  return {
    next() {
      if (!current || calls >= PER_ADDRESS) {
        current?.close();
        current = keepAliveConnection(api, freshAddress());
        calls = 0;
      }
      calls++;
      return current;
    },
    close: () => current?.close(),
  };
}

/**
 * Runs `connections` workers for `duration` seconds (or until `maxCalls` calls); each turn calls `turn(worker, n,
 * timed)`, which makes its calls through `timed(kind, call)`: latencies and statuses are kept per kind.
 * Answers { [kind]: { requests, rps, p50, p95, p99, statuses, errors } } and the elapsed milliseconds.
 */
export async function measureTurns({ api, connections, duration, maxCalls = Infinity, turn }) {
  const kinds = new Map();
  const started = Date.now();
  const until = started + duration * 1000;
  let n = 0;
  let calls = 0;
  await Promise.all(
    Array.from({ length: connections }, async (_, worker) => {
      const connection = rotatingConnection(api);
      const timed = async (kind, request) => {
        calls++;
        const start = performance.now();
        const answer = await callJson(connection.next(), request);
        const ms = performance.now() - start;
        if (!kinds.has(kind)) kinds.set(kind, { latencies: [], statuses: new Map() });
        const of = kinds.get(kind);
        of.latencies.push(ms);
        of.statuses.set(answer.status, (of.statuses.get(answer.status) ?? 0) + 1);
        return answer;
      };
      try {
        while (Date.now() < until && calls < maxCalls) await turn(worker, n++, timed);
      } finally {
        connection.close();
      }
    }),
  );
  const elapsed = Date.now() - started;
  const byKind = {};
  for (const [kind, { latencies, statuses }] of kinds)
    byKind[kind] = { ...summarise(latencies, elapsed), statuses: Object.fromEntries(statuses) };
  return { byKind, elapsed };
}

/** The statuses of a kind that are not among `expected`, as "409×3, 500×1" (empty when none). */
export function unexpected(statuses, expected) {
  return Object.entries(statuses ?? {})
    .filter(([status]) => !expected.includes(Number(status)))
    .map(([status, count]) => `${status}×${count}`)
    .join(', ');
}
