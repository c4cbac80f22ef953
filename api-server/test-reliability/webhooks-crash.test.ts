import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Webhook } from 'standardwebhooks';
import {
  DEMO_STAFF,
  freePortPair,
  login,
  postmasterPid,
  startServer,
  waitUntil,
  type ServerProcess,
} from './support/server-process';
import { startReceiver } from '../test/webhooks/loopback-receiver';

/**
 * The real server process delivering webhooks: killed with -9 while a receiver holds a delivery open, it
 * loses nothing (the restarted server sends the same message again); stopped with SIGTERM, it finishes the
 * delivery in flight before exiting 0.
 */
describe('webhook delivery across a crash and a graceful stop', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'producthub-webhooks-'));
  const { port, pgPort } = freePortPair();
  const env = {
    PORT: String(port),
    PRODUCTHUB_DATA_DIR: dataDir,
    PRODUCTHUB_EMBEDDED_PG_PORT: String(pgPort),
    PRODUCTHUB_WEBHOOK_ALLOW_PRIVATE: 'true',
    // A short time-out keeps the lease of a dead worker's delivery short: 3 × 1 s + 5 s.
    PRODUCTHUB_WEBHOOK_TIMEOUT_MS: '1000',
    PRODUCTHUB_WEBHOOK_POLL_MS: '100',
  };
  let server: ServerProcess | undefined;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;

  beforeAll(async () => (receiver = await startReceiver()));
  afterAll(async () => {
    if (server && server.child.exitCode === null) {
      server.child.kill('SIGTERM');
      await server.exited;
    }
    await receiver.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const api = async (method: string, path: string, token: string, body?: unknown) => {
    const response = await fetch(`${server!.url}/api/v1${path}`, {
      method,
      headers: {
        Authorization: `MSession ${token}`,
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return {
      status: response.status,
      body: (await response.json().catch(() => null)) as Record<string, unknown> & { data: Record<string, unknown>[] },
    };
  };

  it('redelivers after kill -9 and drains on SIGTERM', async () => {
    server = await startServer(env);
    let token = await login(server.url, DEMO_STAFF.email, DEMO_STAFF.password);
    const manufacturerId = ((await api('GET', '/systemusers/me', token)).body as { manufacturer: { id: number } })
      .manufacturer.id;
    const created = await api('POST', `/manufacturers/${manufacturerId}/webhook-endpoints`, token, {
      url: receiver.url('/crash'),
      event_types: ['end_user.created'],
    });
    expect(created.status).toBe(201);
    const { id: endpointId, secret } = created.body as { id: number; secret: string };

    // The first request is held open: the server dies while it is in flight.
    receiver.respondWith(() => undefined);
    expect((await api('POST', '/users', token, { email: 'crash.hook@example.com', external_id: null })).status).toBe(
      201,
    );
    await waitUntil(async () => receiver.received.length === 1, 10_000, 'the first delivery attempt');
    const pgPid = postmasterPid(dataDir);
    if (pgPid) process.kill(pgPid, 'SIGKILL');
    server.child.kill('SIGKILL');
    await server.exited;

    receiver.respondWith((_request, response) => response.end('ok'));
    server = await startServer(env);
    token = await login(server.url, DEMO_STAFF.email, DEMO_STAFF.password);
    await waitUntil(async () => receiver.received.length >= 2, 30_000, 'the delivery after the restart');
    const [first, second] = receiver.received;
    expect(second.headers['webhook-id']).toBe(first.headers['webhook-id']);
    expect(new Webhook(secret).verify(second.body, second.headers as Record<string, string>)).toMatchObject({
      type: 'end_user.created',
    });
    const deliveries = async () =>
      (await api('GET', `/manufacturers/${manufacturerId}/webhook-endpoints/${endpointId}/deliveries`, token)).body
        .data;
    await waitUntil(async () => (await deliveries())[0]?.status === 'succeeded', 10_000, 'the delivery to be logged');
    expect((await deliveries())[0]).toMatchObject({ status: 'succeeded', attempts: 2, response_code: 200 });

    // Graceful stop: the receiver takes a while to answer; the server waits for it before exiting.
    let answered = false;
    receiver.respondWith((_request, response) =>
      setTimeout(() => {
        answered = true;
        response.end('ok');
      }, 700),
    );
    expect((await api('POST', '/users', token, { email: 'drain.hook@example.com', external_id: null })).status).toBe(
      201,
    );
    await waitUntil(async () => receiver.received.length === 3, 10_000, 'the delivery before the stop');
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    expect(answered).toBe(true);

    server = await startServer(env);
    token = await login(server.url, DEMO_STAFF.email, DEMO_STAFF.password);
    expect((await deliveries())[0]).toMatchObject({ status: 'succeeded', attempts: 1, response_code: 200 });
    expect(receiver.received).toHaveLength(3);
  });
});
