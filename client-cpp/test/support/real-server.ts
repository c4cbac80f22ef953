import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestApp } from '../../../api-server/test/support/test-app';

// The real API server on a PostgreSQL of its own, listening on loopback, for the example plugin's end-to-end tests.
// Needs `npx tsc -b api-server` (the embedded PostgreSQL of its dist).

// Its own port range, so that it meets neither the API suite's nor e2e's PostgreSQL.
const pgPort = () => Number(process.env.PRODUCTHUB_PLUGIN_PG_PORT || 56000 + Math.floor(Math.random() * 2000));

// The compiled server's embedded PostgreSQL, in a Node process of its own (it is an ES module, which jest's sandbox
// cannot import): it prints its connection string and stops when its stdin closes.
const POSTGRES_PROCESS = `
  const { startEmbeddedPostgres } = require(process.argv[1]);
  startEmbeddedPostgres(process.argv[2], Number(process.argv[3]), (line) => console.error(line)).then((pg) => {
    console.log(pg.connectionString);
    process.stdin.on('end', () => pg.stop().then(() => process.exit(0)));
    process.stdin.resume();
  }, (error) => { console.error(error); process.exit(1); });`;

interface EmbeddedPostgres {
  connectionString: string;
  stop: () => Promise<void>;
}

function startPostgres(dataDir: string, port: number): Promise<EmbeddedPostgres> {
  const script = join(__dirname, '..', '..', '..', 'api-server', 'dist', 'db', 'embedded-postgres.js');
  const child = spawn(process.execPath, ['-e', POSTGRES_PROCESS, script, dataDir, String(port)], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const stopped = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  return new Promise((resolve, reject) => {
    child.stdout.once('data', (data: Buffer) =>
      resolve({
        connectionString: data.toString('utf8').trim(),
        stop: () => {
          child.stdin.end();
          return stopped;
        },
      }),
    );
    child.once('exit', (code) => reject(new Error(`the embedded PostgreSQL exited (${code})`)));
  });
}

export interface RealServer {
  t: TestApp;
  /** Where the app listens, `http://127.0.0.1:PORT`. */
  url: string;
  stop: () => Promise<void>;
}

/** A fresh, migrated database on an embedded PostgreSQL and the real app on it, listening on loopback. */
export async function startRealServer(): Promise<RealServer> {
  const pgDir = mkdtempSync(join(tmpdir(), 'producthub-plugin-pg-'));
  const embedded = await startPostgres(pgDir, pgPort());
  process.env.PRODUCTHUB_TEST_DATABASE_URL = embedded.connectionString;
  let t: TestApp | undefined;
  const stop = async () => {
    await t?.close();
    await embedded.stop();
    rmSync(pgDir, { recursive: true, force: true });
  };
  try {
    const { createTestApp } = await import('../../../api-server/test/support/test-app');
    t = await createTestApp();
    const url = await t.app.listen({ host: '127.0.0.1', port: 0 });
    return { t, url, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
