import { connect, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { createTestApp, type TestApp } from './support/test-app';
import { auth, createTenants } from './support/fixtures';
import {
  PREVIEWS_PER_ADDRESS,
  PREVIEWS_PER_MANUFACTURER,
  TOO_MANY_PREVIEWS_FROM_ADDRESS,
  TOO_MANY_PREVIEWS_OF_MANUFACTURER,
} from '../src/people/user-import/preview-slots';

jest.setTimeout(120_000);

/** An import preview may not hold the event loop: every tenant's requests and /healthz share it. */
describe('CSV import previews cannot stall the server', () => {
  let t: TestApp;
  let tenants: Awaited<ReturnType<typeof createTenants>>;
  let base: string;
  let port: number;

  beforeAll(async () => {
    t = await createTestApp();
    tenants = await createTenants(t.app, t.db);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
    base = `http://127.0.0.1:${port}`;
  });
  afterAll(() => t.close());

  const upload = (csv: string | Buffer, token = tenants.staffAToken) =>
    fetch(`${base}/api/v1/users/imports`, {
      method: 'POST',
      headers: { ...auth(token), 'content-type': 'text/csv' },
      body: csv,
    });

  /** /healthz answered again and again until `work` settles: each answer's time in ms. */
  async function healthWhile<T>(work: Promise<T>): Promise<{ result: T; latencies: number[] }> {
    let done = false;
    const latencies: number[] = [];
    const probing = (async () => {
      while (!done) {
        const started = performance.now();
        const response = await fetch(`${base}/healthz`);
        await response.text();
        latencies.push(performance.now() - started);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    })();
    const result = await work.finally(() => (done = true));
    await probing;
    return { result, latencies };
  }
  const p99 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length * 0.99)];
  /**
   * A stall detector, not a speed target: before the parse was sliced, /healthz waited behind it for up to 1.8 s at a
   * time. Sliced, it answers within milliseconds on a quiet machine; the bound leaves room for a test run whose other
   * workers share the cores (a speed figure belongs in `npm run bench`, not in a test).
   */
  const HEALTH_P99_MS = 1000;

  it('refuses a 1,000,000-row file at its 100,001st row while no /healthz waits a second behind it (p99)', async () => {
    // Built in pieces: a million strings alive at once would cost the test (and the server it shares a process with) long GC pauses.
    const pieces = [Buffer.from('email\n')];
    for (let from = 0; from < 1_000_000; from += 10_000)
      pieces.push(Buffer.from(Array.from({ length: 10_000 }, (_, index) => `u${from + index}@a.io\n`).join('')));
    const csv = Buffer.concat(pieces);
    expect(csv.length).toBeLessThan(20 * 1024 * 1024);
    const started = performance.now();
    const { result, latencies } = await healthWhile(
      upload(csv).then(async (response) => ({ status: response.status, body: await response.json() })),
    );
    const elapsed = performance.now() - started;
    expect(result).toEqual({
      status: 400,
      body: {
        message: [
          'The file has more than 100,000 rows; an import may have at most 100,000. Split it into several files.',
        ],
      },
    });
    expect(latencies.length).toBeGreaterThan(5);
    expect({ p99: p99(latencies) < HEALTH_P99_MS, elapsed: elapsed < 30_000 }).toEqual({ p99: true, elapsed: true });
  });

  it('previews 100,000 rows while no /healthz waits a second behind it (p99)', async () => {
    const rows = Array.from({ length: 100_000 }, (_, index) => `big${index}@alpha.example,X${index}`);
    const { result, latencies } = await healthWhile(
      upload(`email,external_id\n${rows.join('\n')}\n`).then(async (response) => ({
        status: response.status,
        body: (await response.json()) as { rows: number; to_create: number },
      })),
    );
    expect(result).toMatchObject({ status: 201, body: { rows: 100_000, to_create: 100_000 } });
    expect(p99(latencies)).toBeLessThan(HEALTH_P99_MS);
  });

  /** An upload whose body never finishes: it holds its preview slot until the socket closes. */
  async function stalledUpload(token: string): Promise<Socket> {
    const socket = connect(port, '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    socket.write(
      `POST /api/v1/users/imports HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: MSession ${token}\r\nContent-Type: text/csv\r\nContent-Length: 100000\r\n\r\nemail\n`,
    );
    // The server has taken the request (and its slot) once a later request sees the slot in use.
    await new Promise((resolve) => setTimeout(resolve, 150));
    return socket;
  }

  it('lets a manufacturer run a few previews at once and an address a few more, answering 429 with Retry-After', async () => {
    expect([PREVIEWS_PER_MANUFACTURER, PREVIEWS_PER_ADDRESS]).toEqual([2, 3]);
    const small = 'email\nfair@alpha.example\n';
    const held = [await stalledUpload(tenants.staffAToken), await stalledUpload(tenants.staffAToken)];
    const third = await upload(small);
    expect(third.status).toBe(429);
    expect(Number(third.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await third.json()).toEqual({ message: [TOO_MANY_PREVIEWS_OF_MANUFACTURER] });
    // Another tenant is not held up by A's previews…
    const other = await upload('email\nfair@beta.example\n', tenants.staffBToken);
    expect(other.status).toBe(201);
    // …until the address has its own few in flight.
    held.push(await stalledUpload(tenants.staffBToken));
    const fromAddress = await upload('email\nfair2@beta.example\n', tenants.staffBToken);
    expect(fromAddress.status).toBe(429);
    expect(Number(fromAddress.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await fromAddress.json()).toEqual({ message: [TOO_MANY_PREVIEWS_FROM_ADDRESS] });
    // A slot is given back when its upload ends, even one that never finished.
    for (const socket of held) socket.destroy();
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect((await upload(small)).status).toBe(201);
  });
});
