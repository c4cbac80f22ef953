// The CSV import row of the benchmark: 100,000 end users, half of them with a licence, previewed
// and applied through the API of the built server (`npm run build -w api-server` first), on a database of its
// own. Runs alone: `node api-server/bench/import-rows.mjs [--rows 100000] [--api-port 8290] [--pg-port 54390]`.
// It starts `node dist/main.js` with an embedded PostgreSQL in a temporary folder (demo data seeded, so Aurora
// Audio's staff and products exist), prints the seconds of each step, then stops the server and removes the folder.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';

const { values: args } = parseArgs({
  options: { rows: { type: 'string' }, 'api-port': { type: 'string' }, 'pg-port': { type: 'string' } },
});
const ROWS = Number(args.rows ?? 100_000);
const API_PORT = Number(args['api-port'] ?? 8290);
const PG_PORT = Number(args['pg-port'] ?? 54390);
const STAFF = { email: 'staff@aurora-audio.example', password: 'Aurora-Demo-2026' };
const PRODUCT = 'com.aurora.reverb';
const base = `http://127.0.0.1:${API_PORT}/api/v1`;

const seconds = (start) => ((performance.now() - start) / 1000).toFixed(2);

async function waitForServer(server, deadline) {
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}`);
    try {
      if ((await fetch(`http://127.0.0.1:${API_PORT}/readyz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('the server did not become ready within 120 s');
}

async function call(path, init, token) {
  const response = await fetch(`${base}${path}`, {
    ...init,
    headers: { ...init.headers, ...(token ? { authorization: `MSession ${token}` } : {}) },
  });
  const body = await response.json();
  if (!response.ok) throw new Error(`${init.method} ${path}: ${response.status} ${JSON.stringify(body)}`);
  return body;
}

const dataDir = mkdtempSync(join(tmpdir(), 'producthub-import-bench-'));
const server = spawn(process.execPath, [new URL('../dist/main.js', import.meta.url).pathname], {
  env: {
    ...process.env,
    PORT: String(API_PORT),
    HOST: '127.0.0.1',
    PRODUCTHUB_DATA_DIR: dataDir,
    PRODUCTHUB_EMBEDDED_PG_PORT: String(PG_PORT),
    DATABASE_URL: '',
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});
try {
  await waitForServer(server, Date.now() + 120_000);
  const { token } = await call('/systemusers/login', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(STAFF),
  });
  const run = Date.now().toString(36);
  const lines = ['email,external_id,product_identifier,license_type'];
  for (let n = 0; n < ROWS; n++)
    lines.push(
      n % 2
        ? `bench.${run}.${n}@import.example,CRM-${n},,`
        : `bench.${run}.${n}@import.example,CRM-${n},${PRODUCT},Standard`,
    );
  const file = Buffer.from(lines.join('\r\n'));

  let start = performance.now();
  const preview = await call(
    '/users/imports',
    { method: 'POST', headers: { 'content-type': 'text/csv' }, body: file },
    token,
  );
  const previewSeconds = seconds(start);
  if (preview.to_create !== ROWS || preview.invalid !== 0)
    throw new Error(
      `unexpected preview ${JSON.stringify({ ...preview, invalid_rows: preview.invalid_rows.slice(0, 3) })}`,
    );
  start = performance.now();
  const result = await call(`/users/imports/${preview.id}/apply`, { method: 'POST' }, token);
  const applySeconds = seconds(start);
  if (result.users_created !== ROWS) throw new Error(`unexpected result ${JSON.stringify(result)}`);
  start = performance.now();
  const again = await call(
    '/users/imports',
    { method: 'POST', headers: { 'content-type': 'text/csv' }, body: file },
    token,
  );
  const existingSeconds = seconds(start);
  if (again.existing !== ROWS) throw new Error(`unexpected second preview ${JSON.stringify(again.existing)}`);

  console.log(
    `import ${ROWS.toLocaleString('en-US')} rows (${(file.length / 1024 / 1024).toFixed(1)} MB, ${result.licenses_created.toLocaleString('en-US')} licences):`,
  );
  console.log(`  preview            ${previewSeconds} s`);
  console.log(`  apply              ${applySeconds} s`);
  console.log(`  preview, all exist ${existingSeconds} s`);
} finally {
  server.kill('SIGTERM');
  await new Promise((resolve) => (server.exitCode !== null ? resolve() : server.once('exit', resolve)));
  rmSync(dataDir, { recursive: true, force: true });
}
