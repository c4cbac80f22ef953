import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  DEMO_STAFF,
  freePortPair,
  login,
  startDatabaseProcess,
  startServer,
  waitUntil,
  type DatabaseProcess,
  type ServerProcess,
} from './support/server-process';

describe('database outage', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'producthub-outage-'));
  const { port, pgPort } = freePortPair();
  let database: DatabaseProcess | undefined;
  let server: ServerProcess | undefined;

  afterAll(async () => {
    if (server) {
      server.child.kill('SIGTERM');
      await server.exited;
    }
    await database?.stop().catch(() => undefined);
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers 503 with a clear message while the database is away, and recovers by itself', async () => {
    database = await startDatabaseProcess(dataDir, pgPort);
    server = await startServer({
      PORT: String(port),
      DATABASE_URL: database.connectionString,
      PRODUCTHUB_DATA_DIR: dataDir,
    });
    const token = await login(server.url, DEMO_STAFF.email, DEMO_STAFF.password);
    const me = () => fetch(`${server!.url}/api/v1/systemusers/me`, { headers: { Authorization: `MSession ${token}` } });
    expect((await me()).status).toBe(200);

    await database.stop();
    const during = await me();
    expect(during.status).toBe(503);
    expect(await during.json()).toEqual({ message: ['The database is unavailable. Please try again shortly.'] });
    expect((await fetch(`${server.url}/readyz`)).status).toBe(503);
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);

    database = await startDatabaseProcess(dataDir, pgPort);
    await waitUntil(
      async () => (await fetch(`${server!.url}/readyz`)).ok,
      30_000,
      'readiness after the database returned',
    );
    expect((await me()).status).toBe(200);
  });
});
