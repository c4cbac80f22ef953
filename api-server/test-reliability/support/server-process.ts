import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const MAIN = join(__dirname, '../../dist/main.js');

const started = new Set<ChildProcess>();

/** Kills every server a test started and did not stop (a failed or timed-out test must not leave one behind). */
export async function killLeftoverServers(): Promise<void> {
  await Promise.all(
    [...started].map(
      (child) =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null || child.signalCode !== null) return resolve();
          child.once('exit', () => resolve());
          child.kill('SIGTERM');
          setTimeout(() => child.kill('SIGKILL'), 15_000).unref();
        }),
    ),
  );
  started.clear();
}

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  exited: Promise<number | null>;
  output: () => string;
}

/** Three consecutive ports below Linux's ephemeral range (32768+), where outgoing connections never take them. */
export function freePortPair(): { port: number; pgPort: number } {
  const base = 20000 + Math.floor(Math.random() * 12000);
  return { port: base, pgPort: base + 1 };
}

export async function waitUntil(check: () => Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check().catch(() => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`);
}

/** Starts the built server (`api-server/dist/main.js`) as `npm start` would, and waits until it is ready. */
export async function startServer(env: Record<string, string>): Promise<ServerProcess> {
  if (!existsSync(MAIN)) throw new Error(`${MAIN} is missing: build first (npm run build)`);
  let output = '';
  const child = spawn(process.execPath, [MAIN], {
    env: {
      ...process.env,
      PRODUCTHUB_APPS_DIR: '',
      LOG_LEVEL: 'error',
      PRODUCTHUB_LOGIN_RATE_LIMIT: '100000',
      PRODUCTHUB_LOGIN_ADDRESS_RATE_LIMIT: '100000',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  started.add(child);
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const outputClosed = new Promise((resolve) => child.on('close', resolve));
  const url = `http://127.0.0.1:${env.PORT}`;
  let gone = false;
  void exited.then(() => (gone = true));
  // A server that exits while starting (a configuration it refuses) stops the wait at once.
  await waitUntil(
    async () => gone || (await fetch(`${url}/readyz`)).ok,
    90_000,
    `the server on ${url} to be ready`,
  ).catch((error: Error) => {
    child.kill('SIGKILL');
    throw new Error(`${error.message}\n${output}`);
  });
  if (gone) {
    await outputClosed;
    throw new Error(`server exited during start:\n${output}`);
  }
  return { url, child, exited, output: () => output };
}

/** The pid of the PostgreSQL serving a data folder, from its lock file. */
export function postmasterPid(dataDir: string): number | undefined {
  const file = join(dataDir, 'postgres', 'postmaster.pid');
  if (!existsSync(file)) return undefined;
  const pid = Number(readFileSync(file, 'utf8').split('\n')[0]);
  return Number.isInteger(pid) && pid > 0 ? pid : undefined;
}

export async function login(url: string, email: string, password: string): Promise<string> {
  const response = await fetch(`${url}/api/v1/systemusers/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!response.ok) throw new Error(`login failed: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { token: string }).token;
}

export const DEMO_STAFF = { email: 'staff@aurora-audio.example', password: 'Aurora-Demo-2026' };

export interface DatabaseProcess {
  connectionString: string;
  stop: () => Promise<void>;
}

/** An embedded PostgreSQL in a child process of its own, to take away from a running server and bring back. */
export async function startDatabaseProcess(dataDir: string, port: number): Promise<DatabaseProcess> {
  const child = spawn(process.execPath, [join(__dirname, 'run-embedded-postgres.mjs'), dataDir, String(port)], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  started.add(child);
  let output = '';
  const connectionString = await new Promise<string>((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const ready = /READY (\S+)/.exec(output);
      if (ready) resolve(ready[1]);
    });
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('exit', () => reject(new Error(`embedded PostgreSQL exited:\n${output}`)));
  });
  return {
    connectionString,
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
