import { connect, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import type { IncomingMessage, ServerResponse } from 'node:http';
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

  /** The CPU time this process (server and test alike, all threads) has used so far, in ms. */
  const cpuMs = () => {
    const { user, system } = process.cpuUsage();
    return (user + system) / 1000;
  };

  /**
   * /healthz asked again and again until `work` settles, and what the server did while an import was being read
   * (after the upload's last byte arrived, before its answer went out): how many /healthz answers it sent, and the
   * most CPU time it spent between two of them. A parse that holds the event loop (the unsliced one did, for up to
   * 1.8 s) lets no answer through while it runs; a sliced one answers between its slices. CPU time, not wall time,
   * so that a loaded test run (other workers on the same cores) does not look like a stall.
   */
  async function healthWhileImporting<T>(work: () => Promise<T>) {
    let importing = 0;
    let answered = 0;
    let lastAnswer = 0;
    let longestHoldMs = 0;
    const watch = (request: IncomingMessage, response: ServerResponse) => {
      if (request.url?.startsWith('/api/v1/users/imports')) {
        request.once('end', () => {
          importing++;
          lastAnswer = cpuMs();
        });
        response.once('finish', () => {
          longestHoldMs = Math.max(longestHoldMs, cpuMs() - lastAnswer);
          importing--;
        });
      } else if (request.url === '/healthz')
        response.once('finish', () => {
          if (importing === 0) return;
          const now = cpuMs();
          longestHoldMs = Math.max(longestHoldMs, now - lastAnswer);
          lastAnswer = now;
          answered++;
        });
    };
    t.app.server.on('request', watch);
    let done = false;
    const probing = (async () => {
      while (!done) {
        await (await fetch(`${base}/healthz`)).text();
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    })();
    try {
      const result = await work().finally(() => (done = true));
      await probing;
      return { result, answered, longestHoldMs };
    } finally {
      t.app.server.off('request', watch);
    }
  }
  /**
   * A stall detector, not a speed target: sliced, the longest hold is a few tens of ms of CPU and /healthz is answered
   * hundreds of times; the unsliced parse of 100,000 rows held the loop for over a second of CPU and answered none.
   */
  const expectNoStall = ({ answered, longestHoldMs }: { answered: number; longestHoldMs: number }) =>
    expect({ answered: answered >= 10, longestHold: longestHoldMs < 600 }).toEqual({
      answered: true,
      longestHold: true,
    });

  it('refuses a 1,000,000-row file at its 100,001st row, answering /healthz between the slices it parses', async () => {
    // Built in pieces: a million strings alive at once would cost the test (and the server it shares a process with) long GC pauses.
    const pieces = [Buffer.from('email\n')];
    for (let from = 0; from < 1_000_000; from += 10_000)
      pieces.push(Buffer.from(Array.from({ length: 10_000 }, (_, index) => `u${from + index}@a.io\n`).join('')));
    const csv = Buffer.concat(pieces);
    expect(csv.length).toBeLessThan(20 * 1024 * 1024);
    const { result, ...health } = await healthWhileImporting(() =>
      upload(csv).then(async (response) => ({ status: response.status, body: await response.json() })),
    );
    expect(result).toEqual({
      status: 400,
      body: {
        message: [
          'The file has more than 100,000 rows; an import may have at most 100,000. Split it into several files.',
        ],
      },
    });
    expectNoStall(health);
  });

  it('previews 100,000 rows, answering /healthz between the slices it parses and the rows it sorts', async () => {
    const rows = Array.from({ length: 100_000 }, (_, index) => `big${index}@alpha.example,X${index}`);
    const { result, ...health } = await healthWhileImporting(() =>
      upload(`email,external_id\n${rows.join('\n')}\n`).then(async (response) => ({
        status: response.status,
        body: (await response.json()) as { rows: number; to_create: number },
      })),
    );
    expect(result).toMatchObject({ status: 201, body: { rows: 100_000, to_create: 100_000 } });
    expectNoStall(health);
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
