// The built console as `npm start` serves it (api-server/dist/main.js serving shell/dist and every remote's
// dist), on the seeded bench database instead of demo data.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import remoteApps from '../../shared-kit/src/remotes.json' with { type: 'json' };

const APPS = ['shell', ...Object.values(remoteApps)];

/** Why the bench cannot run (missing bench database or build), or undefined. */
export function missingPrerequisite(repo, settings) {
  if (!existsSync(join(settings.dataDir, 'postgres', 'PG_VERSION'))) {
    return `No bench database in ${settings.dataDir}: run \`npm run bench:seed\` first (or pass --data-dir).`;
  }
  if (!existsSync(join(repo, 'api-server/dist/main.js')))
    return 'api-server is not built: run `npx tsc -b shared-kit api-server`.';
  const unbuilt = APPS.filter(
    (app) => !existsSync(join(repo, app, 'dist')) || readdirSync(join(repo, app, 'dist')).length === 0,
  );
  if (!existsSync(join(repo, 'shell/dist/index.html'))) unbuilt.unshift('shell (no index.html)');
  if (unbuilt.length > 0)
    return `The console is not built (${unbuilt.join(', ')}): run \`NX_NO_CLOUD=true NX_DAEMON=false npx lerna run build --concurrency 1\`.`;
  return undefined;
}

/** Starts the server and resolves once /readyz answers; `stop()` ends it (also called on exit). */
export async function startConsoleServer(repo, settings, { timeoutMs = 120_000 } = {}) {
  const url = `http://127.0.0.1:${settings.apiPort}`;
  // `npm run bench` runs this right after the API bench, whose server (same port, same database) may still be
  // stopping: wait for it, but not for ever.
  const postmasterPid = join(settings.dataDir, 'postgres', 'postmaster.pid');
  const freeBy = Date.now() + 30_000;
  while ((await answers(`${url}/readyz`)) || existsSync(postmasterPid)) {
    if (Date.now() > freeBy) {
      throw new Error(
        `Port ${settings.apiPort} or the bench database (${postmasterPid}) is still in use by another server: stop it, or set BENCH_API_PORT / BENCH_PG_PORT.`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  const child = spawn(process.execPath, ['api-server/dist/main.js'], {
    cwd: repo,
    stdio: ['ignore', 'ignore', 'pipe'],
    env: {
      ...process.env,
      PORT: String(settings.apiPort),
      HOST: '127.0.0.1',
      PRODUCTHUB_DATA_DIR: settings.dataDir,
      PRODUCTHUB_EMBEDDED_PG_PORT: String(settings.pgPort),
      PRODUCTHUB_APPS_DIR: repo,
      PRODUCTHUB_SEED: 'false',
      PRODUCTHUB_LOGIN_RATE_LIMIT: '1000',
      LOG_LEVEL: 'error',
    },
  });
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr = (stderr + chunk).slice(-4000)));
  const stop = () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
  };
  process.on('exit', stop);
  const exited = new Promise((resolve) => child.once('exit', resolve));

  const deadline = Date.now() + timeoutMs;
  while (!(await answers(`${url}/readyz`))) {
    if (child.exitCode !== null)
      throw new Error(`The server exited (${child.exitCode}) before it was ready:\n${stderr}`);
    if (Date.now() > deadline) {
      stop();
      throw new Error(`The server was not ready within ${timeoutMs / 1000} s:\n${stderr}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return {
    url,
    async stop() {
      stop();
      // Give the embedded PostgreSQL its clean shutdown, but never hang the bench on it.
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 15_000))]);
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    },
  };
}

async function answers(url) {
  try {
    return (await fetch(url, { signal: AbortSignal.timeout(2000) })).ok;
  } catch {
    return false;
  }
}
