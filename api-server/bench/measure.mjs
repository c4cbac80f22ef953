// How every API bench measures (run.mjs, growth.mjs): the built server as a child process, a session token,
// and autocannon driving one endpoint, bounded in time or count, with every latency kept so p95 is exact.
import autocannon from 'autocannon';
import { spawn } from 'node:child_process';
import { summarise } from './stats.mjs';

const children = [];

/** Stops every child this process started (the bench calls it on exit and between data sets). */
export function stopChildren() {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGTERM');
}

/** Starts `node argv` and resolves once a line of its output matches `ready`. */
export function startChild(name, argv, ready, env, timeoutMs = 60_000) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, argv, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    children.push(child);
    const timer = setTimeout(() => reject(new Error(`${name} did not start within ${timeoutMs / 1000} s`)), timeoutMs);
    const watch = (chunk) => {
      if (ready.test(String(chunk))) {
        clearTimeout(timer);
        resolve(child);
      }
    };
    child.stdout.on('data', watch);
    child.stderr.on('data', (chunk) => process.stderr.write(`[${name}] ${chunk}`));
    child.on('exit', (code) => reject(new Error(`${name} exited with ${code}`)));
  });
}

/**
 * The built API server on the bench database of `settings` (no demo seed, no console, login limit out of the way),
 * with `env` added (run.mjs: where its mails go).
 */
export function startApiServer(settings, extraArgv = [], timeoutMs = 60_000, env = {}) {
  return startChild(
    'api',
    [...extraArgv, 'api-server/dist/main.js'],
    /ProductHub is running/,
    {
      PORT: String(settings.apiPort),
      HOST: '127.0.0.1',
      PRODUCTHUB_DATA_DIR: settings.dataDir,
      PRODUCTHUB_EMBEDDED_PG_PORT: String(settings.pgPort),
      PRODUCTHUB_SEED: 'false',
      PRODUCTHUB_APPS_DIR: '',
      PRODUCTHUB_LOGIN_RATE_LIMIT: '1000000',
      LOG_LEVEL: 'error',
      ...env,
    },
    timeoutMs,
  );
}

/** A session token of `email` (every bench login has the same password). */
export async function login(api, email, password) {
  const response = await fetch(`${api}/api/v1/systemusers/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!response.ok) throw new Error(`login ${email}: ${response.status} ${await response.text()}`);
  return (await response.json()).token;
}

/** autocannon, bounded in time (or count); every response's latency is kept so p95 is exact. */
export async function measureHttp({
  url,
  scheme = 'MSession',
  method = 'GET',
  body,
  token,
  noAuth,
  setupRequest,
  amount,
  connections,
  duration,
}) {
  const latencies = [];
  const statuses = new Map();
  const headers = {
    'content-type': 'application/json',
    ...(token && !noAuth ? { authorization: `${scheme} ${token}` } : {}),
  };
  const instance = autocannon({
    url,
    method,
    body,
    headers,
    connections,
    ...(amount ? { amount } : { duration }),
    ...(setupRequest ? { requests: [{ method, setupRequest }] } : {}),
  });
  instance.on('response', (_client, statusCode, _bytes, responseTime) => {
    latencies.push(responseTime);
    statuses.set(statusCode, (statuses.get(statusCode) ?? 0) + 1);
  });
  const result = await instance;
  return {
    ...summarise(latencies, result.duration * 1000),
    statuses: Object.fromEntries(statuses),
    errors: result.errors + result.timeouts + result.non2xx,
  };
}
