import { randomBytes } from 'node:crypto';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  freePortPair,
  startDatabaseProcess,
  startServer,
  type DatabaseProcess,
  type ServerProcess,
} from './server-process';
import { startRoundRobinProxy, type RoundRobinProxy } from './round-robin-proxy';

/**
 * Two API instances deployed as several servers behind one address are: one PostgreSQL (DATABASE_URL), one
 * master key, one shared storage folder, and a data folder of their own each, behind a round-robin proxy.
 */
export interface TwoInstances {
  root: string;
  database: DatabaseProcess;
  /** The environment every instance shares. */
  sharedEnv: Record<string, string>;
  ports: [number, number];
  instances: [ServerProcess, ServerProcess];
  proxy: RoundRobinProxy;
  /** The environment instance `index` is started with. */
  envOf: (index: number) => Record<string, string>;
  /** Starts (or restarts) instance `index` and waits until it is ready. */
  start: (index: number) => Promise<ServerProcess>;
  stop: () => Promise<void>;
}

/** Both instances start at the same moment on the empty database, as an orchestrator would start them. */
export async function startTwoInstances(extraEnv: Record<string, string> = {}): Promise<TwoInstances> {
  const root = mkdtempSync(join(tmpdir(), 'producthub-two-'));
  // As root, PostgreSQL runs as the `postgres` user, which must reach its folder inside this one.
  chmodSync(root, 0o755);
  const { port, pgPort } = freePortPair();
  const ports: [number, number] = [port, pgPort + 1];
  const database = await startDatabaseProcess(join(root, 'database'), pgPort);
  const sharedEnv = {
    DATABASE_URL: database.connectionString,
    PRODUCTHUB_MASTER_KEY: randomBytes(32).toString('base64'),
    PRODUCTHUB_STORAGE_DIR: join(root, 'shared-files'),
    ...extraEnv,
  };
  const envOf = (index: number) => ({
    ...sharedEnv,
    PORT: String(ports[index]),
    PRODUCTHUB_DATA_DIR: join(root, `instance-${index}`),
  });
  const instances = (await Promise.all([startServer(envOf(0)), startServer(envOf(1))])) as [
    ServerProcess,
    ServerProcess,
  ];
  const proxy = await startRoundRobinProxy(ports);
  return {
    root,
    database,
    sharedEnv,
    ports,
    instances,
    proxy,
    envOf,
    async start(index) {
      instances[index] = await startServer(envOf(index));
      return instances[index];
    },
    async stop() {
      await proxy.close();
      await Promise.all(
        instances.map(async (instance) => {
          if (instance.child.exitCode !== null || instance.child.signalCode !== null) return;
          instance.child.kill('SIGTERM');
          await instance.exited;
        }),
      );
      await database.stop();
      rmSync(root, { recursive: true, force: true });
    },
  };
}
