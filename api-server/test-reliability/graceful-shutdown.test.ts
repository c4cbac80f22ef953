import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEMO_STAFF, freePortPair, startServer } from './support/server-process';

describe('graceful shutdown', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'producthub-drain-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('finishes the requests in flight on SIGTERM, then exits 0', async () => {
    const { port, pgPort } = freePortPair();
    // Room for all twelve checks at once: this test is about draining, not the cap (login-limits.test.ts).
    const server = await startServer({
      PORT: String(port),
      PRODUCTHUB_DATA_DIR: dataDir,
      PRODUCTHUB_EMBEDDED_PG_PORT: String(pgPort),
      PRODUCTHUB_PASSWORD_CHECK_CONCURRENCY: '16',
    });
    let signalledAt = Number.POSITIVE_INFINITY;
    // Logins are slow on purpose (scrypt): a dozen queue up in the server and are still running at the signal.
    const inFlight = Array.from({ length: 12 }, () =>
      fetch(`${server.url}/api/v1/systemusers/login`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(DEMO_STAFF),
      }).then((response) => ({ status: response.status, answeredAfterSignal: Date.now() > signalledAt })),
    );
    await new Promise((resolve) => setTimeout(resolve, 250));
    signalledAt = Date.now();
    server.child.kill('SIGTERM');
    const answers = await Promise.all(inFlight);
    expect(answers.map((answer) => answer.status)).toEqual(Array(12).fill(200));
    expect(answers.some((answer) => answer.answeredAfterSignal)).toBe(true);
    expect(await server.exited).toBe(0);
  });
});
