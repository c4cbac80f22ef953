import { createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import type { TestApp } from './support/test-app';
import {
  startTenantsAndReceiver,
  stopTenantsAndReceiver,
  type TenantsAndReceiver,
} from './webhooks/tenants-and-receiver';
import { auth, tableDigest } from './support/fixtures';
import { enqueueDelivery, insertEvent } from '../src/webhooks/endpoints';
import { WEBHOOK_OUTBOX_CHANNEL, messageIdOf } from '../src/webhooks/tables';
import { startWebhookWorker } from '../src/webhooks/worker';
import { listenForOutboxWakeUps } from '../src/outbox/wake-ups';
import { MAX_ENDPOINTS_PER_MANUFACTURER, TEST_EVENTS_PER_ENDPOINT, TOO_MANY_ENDPOINTS } from '../src/webhooks/limits';
import { TEST_WEBHOOK_SETTINGS } from './webhooks/test-settings';

jest.setTimeout(60_000);

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(condition: () => boolean, limitMs = 5_000) {
  const started = Date.now();
  while (!condition() && Date.now() - started < limitMs) await pause(10);
  return condition();
}

/** An endpoint that accepts the connection and never answers: a black hole. Counts the connections it holds. */
async function startBlackHole() {
  const sockets = new Set<Socket>();
  let mostAtOnce = 0;
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    mostAtOnce = Math.max(mostAtOnce, sockets.size);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    mostAtOnce: () => mostAtOnce,
    holding: () => sockets.size,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

describe('webhook delivery is fair between tenants', () => {
  let t: TestApp;
  let tenants: TenantsAndReceiver['tenants'];
  let receiver: TenantsAndReceiver['receiver'];

  beforeAll(async () => {
    ({ t, tenants, receiver } = await startTenantsAndReceiver());
  });
  afterAll(() => stopTenantsAndReceiver({ t, receiver }));

  const call = (method: 'GET' | 'POST' | 'DELETE', url: string, token: string, payload?: object) =>
    t.app.inject({ method, url: `/api/v1${url}`, headers: auth(token), payload });
  const endpointsOf = (manufacturerId: number) => `/manufacturers/${manufacturerId}/webhook-endpoints`;
  const createEndpoint = async (manufacturerId: number, token: string, url: string) => {
    const response = await call('POST', endpointsOf(manufacturerId), token, { url, event_types: ['license.created'] });
    expect(response.statusCode).toBe(201);
    return response.json().id as number;
  };
  /** A delivery as the audit trigger writes one. */
  const enqueue = async (manufacturerId: number, endpointId: number) => {
    const event = await insertEvent(t.db, manufacturerId, 'webhook.test', { at: Date.now() });
    await enqueueDelivery(t.db, event, endpointId);
    return messageIdOf(event);
  };

  it("a tenant's black-hole endpoint does not delay another tenant's deliveries", async () => {
    const blackHole = await startBlackHole();
    // A's sends hang for the whole test: B's deliveries cannot be waiting for them to time out.
    const settings = { ...TEST_WEBHOOK_SETTINGS, timeoutMs: 60_000, batchSize: 8, perManufacturer: 2 };
    const holeEndpoint = await createEndpoint(tenants.manufacturerA.id, tenants.staffAToken, blackHole.url);
    const goodEndpoint = await createEndpoint(tenants.manufacturerB.id, tenants.staffBToken, receiver.url('/b'));
    // A's backlog is older than B's delivery and larger than the whole pool.
    for (let n = 0; n < 12; n++) await enqueue(tenants.manufacturerA.id, holeEndpoint);
    const first = await enqueue(tenants.manufacturerB.id, goodEndpoint);
    const worker = startWebhookWorker(t.db, t.masterKey, settings);
    try {
      expect(await until(() => receiver.received.length === 1, 20_000)).toBe(true);
      expect(blackHole.holding()).toBe(settings.perManufacturer);
      expect(receiver.received[0].headers['webhook-id']).toBe(first);
      // While A's sends still hang, B's next delivery goes out at once as well (a free slot takes it).
      const second = await enqueue(tenants.manufacturerB.id, goodEndpoint);
      worker.wake();
      expect(await until(() => receiver.received.length === 2, 20_000)).toBe(true);
      expect(blackHole.holding()).toBe(settings.perManufacturer);
      expect(receiver.received[1].headers['webhook-id']).toBe(second);
      // A never held more than its share of the slots.
      expect(blackHole.mostAtOnce()).toBe(settings.perManufacturer);
    } finally {
      await call('DELETE', `${endpointsOf(tenants.manufacturerA.id)}/${holeEndpoint}`, tenants.staffAToken);
      await blackHole.close();
      await worker.stop();
    }
  });

  it('a new delivery wakes the workers at its commit', async () => {
    let woken = 0;
    const listening = listenForOutboxWakeUps(t.databaseUrl, { [WEBHOOK_OUTBOX_CHANNEL]: () => woken++ });
    try {
      expect(await until(() => woken === 1)).toBe(true);
      const endpoint = await createEndpoint(tenants.manufacturerB.id, tenants.staffBToken, receiver.url('/wake'));
      // The endpoint's audit row ran the audit trigger, which inserted no delivery: nobody is woken.
      await pause(200);
      expect(woken).toBe(1);
      const response = await call(
        'POST',
        `${endpointsOf(tenants.manufacturerB.id)}/${endpoint}/test`,
        tenants.staffBToken,
      );
      expect(response.statusCode).toBe(202);
      await until(() => woken === 2);
      await pause(200);
      expect(woken).toBe(2);
    } finally {
      await listening.close();
    }
  });

  it(`limits "Send test event" to ${TEST_EVENTS_PER_ENDPOINT} a minute per endpoint, with Retry-After`, async () => {
    const endpoint = await createEndpoint(tenants.manufacturerB.id, tenants.staffBToken, receiver.url('/tests'));
    const test = () => call('POST', `${endpointsOf(tenants.manufacturerB.id)}/${endpoint}/test`, tenants.staffBToken);
    for (let n = 0; n < TEST_EVENTS_PER_ENDPOINT; n++) expect((await test()).statusCode).toBe(202);
    const before = await tableDigest(t.db, 'webhook_deliveries');
    const refused = await test();
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect(refused.json().message[0]).toMatch(/^Too many test events\. Please wait \d+ seconds?/);
    expect(await tableDigest(t.db, 'webhook_deliveries')).toBe(before);
    // Another endpoint of the manufacturer has its own minute.
    const other = await createEndpoint(tenants.manufacturerB.id, tenants.staffBToken, receiver.url('/other'));
    const otherTest = await call('POST', `${endpointsOf(tenants.manufacturerB.id)}/${other}/test`, tenants.staffBToken);
    expect(otherTest.statusCode).toBe(202);
  });

  it(`refuses an endpoint beyond ${MAX_ENDPOINTS_PER_MANUFACTURER} per manufacturer with a 409`, async () => {
    const manufacturerId = tenants.manufacturerA.id;
    const existing = (await call('GET', endpointsOf(manufacturerId), tenants.staffAToken)).json().data.length;
    const create = () =>
      call('POST', endpointsOf(manufacturerId), tenants.staffAToken, {
        url: receiver.url('/many'),
        event_types: ['license.created'],
      });
    // Created at once: the cap holds under concurrent creates too.
    const answers = await Promise.all(
      Array.from({ length: MAX_ENDPOINTS_PER_MANUFACTURER - existing + 3 }, () => create()),
    );
    expect(answers.filter((answer) => answer.statusCode === 201)).toHaveLength(
      MAX_ENDPOINTS_PER_MANUFACTURER - existing,
    );
    const refused = answers.filter((answer) => answer.statusCode === 409);
    expect(refused).toHaveLength(3);
    expect(refused[0].json()).toEqual({ message: [TOO_MANY_ENDPOINTS] });
    expect((await call('GET', endpointsOf(manufacturerId), tenants.staffAToken)).json().data).toHaveLength(
      MAX_ENDPOINTS_PER_MANUFACTURER,
    );
    // Another manufacturer is not affected.
    await createEndpoint(tenants.manufacturerB.id, tenants.staffBToken, receiver.url('/b-still'));
  });
});
