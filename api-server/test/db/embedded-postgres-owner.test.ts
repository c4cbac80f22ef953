import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Client } from 'pg';

const EMBEDDED = resolve(__dirname, '../../dist/db/embedded-postgres.js');

// A process of its own that starts the embedded PostgreSQL on `dataDir` and keeps it until SIGTERM (stops it) or
// SIGKILL (leaves it running, as a crash does), as a server does.
function startOwner(dataDir: string, port: number): { child: ChildProcess; ready: Promise<string> } {
  const script = `require(${JSON.stringify(EMBEDDED)}).startEmbeddedPostgres(${JSON.stringify(dataDir)}, ${port}, () => {})
    .then((db) => { console.log('ready'); process.on('SIGTERM', () => db.stop().then(() => process.exit(0))); })
    .catch((error) => { console.error(error.message); process.exit(3); });`;
  const child = spawn(process.execPath, ['-e', script], { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  const ready = new Promise<string>((resolveReady) => {
    child.stdout!.on('data', (chunk) => {
      out += String(chunk);
      if (out.includes('ready')) resolveReady('ready');
    });
    child.stderr!.on('data', (chunk) => (out += String(chunk)));
    child.on('exit', (code) => resolveReady(`exit ${code}: ${out.trim()}`));
  });
  return { child, ready };
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as { port: number };
  await new Promise((done) => server.close(done));
  return port;
}

async function answers(port: number): Promise<boolean> {
  const client = new Client({ connectionString: `postgres://postgres:producthub-embedded@127.0.0.1:${port}/postgres` });
  try {
    await client.connect();
    await client.query('SELECT 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

describe('the embedded PostgreSQL and who owns it', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'producthub-owner-'));
  const children: ChildProcess[] = [];
  afterAll(() => {
    for (const child of children) child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('refuses to take over the database of a running server, and takes over a crashed one’s', async () => {
    const port = await freePort();
    const first = startOwner(dataDir, port);
    children.push(first.child);
    expect(await first.ready).toBe('ready');

    const second = startOwner(dataDir, port);
    children.push(second.child);
    const refused = await second.ready;
    expect(refused).toMatch(/^exit 3: .*in use by another running ProductHub process \(pid \d+\)/s);
    expect(refused).toContain(`pid ${first.child.pid}`);
    expect(await answers(port)).toBe(true);

    // A crash leaves the PostgreSQL running without its starter: the next start stops it and starts afresh.
    first.child.kill('SIGKILL');
    await new Promise((done) => first.child.once('exit', done));
    const third = startOwner(dataDir, port);
    children.push(third.child);
    expect(await third.ready).toBe('ready');
    expect(await answers(port)).toBe(true);
    const stopped = new Promise((done) => third.child.once('exit', done));
    third.child.kill('SIGTERM');
    await stopped;
    expect(await answers(port)).toBe(false);
  }, 180_000);
});
