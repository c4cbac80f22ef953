import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { embeddedConnectionString } from '../src/db/embedded-postgres';
import {
  DEMO_STAFF,
  freePortPair,
  login,
  postmasterPid,
  startServer,
  type ServerProcess,
} from './support/server-process';

const CYCLES = Number(process.env.PRODUCTHUB_CRASH_CYCLES || 3);
const WRITERS = 4;

/** Writes distinct values as fast as the server acknowledges them, until stopped; returns what was acknowledged. */
async function writeUntilStopped(
  server: ServerProcess,
  token: string,
  cycle: number,
  stop: { now: boolean },
): Promise<string[]> {
  const acknowledged: string[] = [];
  await Promise.all(
    Array.from({ length: WRITERS }, async (_, writer) => {
      for (let i = 0; !stop.now; i += 1) {
        const phone = `c${cycle}-w${writer}-${i}`;
        try {
          const response = await fetch(`${server.url}/api/v1/manufacturers/1`, {
            method: 'PATCH',
            headers: { Authorization: `MSession ${token}`, 'Content-Type': 'application/json' },
            body: JSON.stringify({ phone }),
          });
          if (response.status === 200) acknowledged.push(phone);
        } catch {
          return; // the server is gone: nothing more is acknowledged
        }
      }
    }),
  );
  return acknowledged;
}

describe('crash recovery: kill -9 of the server and its PostgreSQL under write load', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'producthub-crash-'));
  const { port, pgPort } = freePortPair();
  const env = { PORT: String(port), PRODUCTHUB_DATA_DIR: dataDir, PRODUCTHUB_EMBEDDED_PG_PORT: String(pgPort) };
  let server: ServerProcess | undefined;

  afterAll(async () => {
    if (server) {
      server.child.kill('SIGTERM');
      await server.exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  });

  it(`keeps every acknowledged write across ${CYCLES} hard crashes`, async () => {
    server = await startServer(env);
    let token = await login(server.url, DEMO_STAFF.email, DEMO_STAFF.password);
    const allAcknowledged: string[] = [];

    for (let cycle = 1; cycle <= CYCLES; cycle += 1) {
      const stop = { now: false };
      const writing = writeUntilStopped(server, token, cycle, stop);
      await new Promise((resolve) => setTimeout(resolve, 1500));
      // Pull the plug on both at once: no shutdown code runs anywhere.
      const pgPid = postmasterPid(dataDir);
      if (pgPid) process.kill(pgPid, 'SIGKILL');
      server.child.kill('SIGKILL');
      await server.exited;
      stop.now = true;
      const acknowledged = await writing;
      expect(acknowledged.length).toBeGreaterThan(0);
      allAcknowledged.push(...acknowledged);

      server = await startServer(env);
      token = await login(server.url, DEMO_STAFF.email, DEMO_STAFF.password);
    }

    const client = new Client({ connectionString: embeddedConnectionString(pgPort) });
    await client.connect();
    const audited = await client.query<{ phone: string }>(
      "SELECT after->>'phone' AS phone FROM audit_log WHERE entity_type = 'manufacturer' AND entity_id = '1'",
    );
    await client.end();
    const durable = new Set(audited.rows.map((row) => row.phone));
    const lost = allAcknowledged.filter((phone) => !durable.has(phone));
    expect({ acknowledged: allAcknowledged.length, lost }).toEqual({ acknowledged: allAcknowledged.length, lost: [] });
  });
});
