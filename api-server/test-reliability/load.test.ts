import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { embeddedConnectionString } from '../src/db/embedded-postgres';
import { DEMO_STAFF, freePortPair, login, startServer } from './support/server-process';

// A short run in `npm test`; `npm run test:load` runs the long one (60 s, 64 connections).
const SECONDS = Number(process.env.PRODUCTHUB_LOAD_SECONDS || 8);
const CONNECTIONS = Number(process.env.PRODUCTHUB_LOAD_CONNECTIONS || 16);

interface Sample {
  kind: string;
  ms: number;
  status: number;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

describe('load: mixed reads and writes on loopback', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'producthub-load-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it(`answers ${CONNECTIONS} connections for ${SECONDS} s with zero errors and zero lost writes`, async () => {
    const { port, pgPort } = freePortPair();
    const server = await startServer({
      PORT: String(port),
      PRODUCTHUB_DATA_DIR: dataDir,
      PRODUCTHUB_EMBEDDED_PG_PORT: String(pgPort),
    });
    const token = await login(server.url, DEMO_STAFF.email, DEMO_STAFF.password);
    const headers = { Authorization: `MSession ${token}`, 'Content-Type': 'application/json' };
    const get = (path: string) => fetch(`${server.url}/api/v1${path}`, { headers });
    const send = (method: string, path: string, body: unknown) =>
      fetch(`${server.url}/api/v1${path}`, { method, headers, body: JSON.stringify(body) });

    const products = ((await (await get('/products?per_page=100')).json()) as { data: { id: number }[] }).data;
    const productId = products[0].id;
    const licenses = (
      (await (await get(`/products/${productId}/licenses?per_page=100`)).json()) as {
        data: { id: number; disabled: boolean }[];
      }
    ).data.filter((license) => !license.disabled);
    const bulkIds = licenses.slice(0, 10).map((license) => license.id);
    const activationLicense = licenses[licenses.length - 1].id;

    const mix: { kind: string; weight: number; run: (n: number) => Promise<Response> }[] = [
      { kind: 'list products', weight: 3, run: () => get('/products?page=1&per_page=25') },
      { kind: 'search users', weight: 3, run: () => get('/users?email=user0&per_page=25') },
      { kind: 'product licences', weight: 3, run: () => get(`/products/${productId}/licenses?page=1&per_page=25`) },
      { kind: 'user details', weight: 2, run: () => get('/users/1') },
      {
        kind: 'activation',
        weight: 2,
        run: (n) =>
          send('POST', `/licenses/${activationLicense}/activations`, {
            hardware_fingerprint: `LOAD-${n}`,
            hardware_fingerprint_version: 2,
            signature_seed_version: 5,
          }),
      },
      {
        kind: 'bulk update',
        weight: 1,
        run: (n) =>
          send('PATCH', '/licenses/bulk-update', {
            license_ids: bulkIds,
            disabled: n % 2 === 0,
            disabled_reason: n % 2 === 0 ? 'DuplicateOrder' : null,
          }),
      },
    ];
    const wheel = mix.flatMap((entry) => Array(entry.weight).fill(entry) as typeof mix);

    const samples: Sample[] = [];
    const acknowledgedFingerprints: string[] = [];
    let sequence = 0;
    const deadline = Date.now() + SECONDS * 1000;
    await Promise.all(
      Array.from({ length: CONNECTIONS }, async () => {
        while (Date.now() < deadline) {
          const n = (sequence += 1);
          const entry = wheel[n % wheel.length];
          const started = performance.now();
          const response = await entry.run(n).catch(() => undefined);
          const status = response?.status ?? 0;
          await response?.arrayBuffer().catch(() => undefined);
          samples.push({ kind: entry.kind, ms: performance.now() - started, status });
          if (entry.kind === 'activation' && status === 201) acknowledgedFingerprints.push(`LOAD-${n}`);
        }
      }),
    );

    const client = new Client({ connectionString: embeddedConnectionString(pgPort) });
    await client.connect();
    const stored = await client.query<{ fingerprint: string }>(
      "SELECT hardware_fingerprint AS fingerprint FROM license_activations WHERE hardware_fingerprint LIKE 'LOAD-%'",
    );
    await client.end();
    server.child.kill('SIGTERM');
    await server.exited;

    const report = Object.fromEntries(
      mix.map(({ kind }) => {
        const times = samples
          .filter((sample) => sample.kind === kind)
          .map((sample) => sample.ms)
          .sort((a, b) => a - b);
        return [
          kind,
          {
            requests: times.length,
            p50: +percentile(times, 50).toFixed(1),
            p95: +percentile(times, 95).toFixed(1),
            p99: +percentile(times, 99).toFixed(1),
          },
        ];
      }),
    );
    const errors = samples.filter((sample) => sample.status === 0 || sample.status >= 400);
    const durable = new Set(stored.rows.map((row) => row.fingerprint));
    const lost = acknowledgedFingerprints.filter((fingerprint) => !durable.has(fingerprint));
    const summary = {
      seconds: SECONDS,
      connections: CONNECTIONS,
      requests: samples.length,
      perSecond: Math.round(samples.length / SECONDS),
      errors: errors.length,
      lostWrites: lost.length,
      latencyMs: report,
    };
    console.log(`load run:\n${JSON.stringify(summary, null, 2)}`);
    mkdirSync(join(__dirname, '../../.test-output'), { recursive: true });
    writeFileSync(join(__dirname, '../../.test-output/load.json'), JSON.stringify(summary, null, 2));

    expect(samples.length).toBeGreaterThan(CONNECTIONS);
    expect(errors.slice(0, 5)).toEqual([]);
    expect(acknowledgedFingerprints.length).toBeGreaterThan(0);
    expect(lost).toEqual([]);
  });
});
