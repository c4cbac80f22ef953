import { Webhook } from 'standardwebhooks';
import type { TestApp } from './support/test-app';
import {
  startTenantsAndReceiver,
  stopTenantsAndReceiver,
  type TenantsAndReceiver,
} from './webhooks/tenants-and-receiver';
import { auth, tableDigest } from './support/fixtures';
import { createDatabase } from '../src/db/database';
import { claimDueDeliveries, deliverDue } from '../src/webhooks/worker';
import { enqueueDelivery, insertEvent } from '../src/webhooks/endpoints';
import { messageIdOf } from '../src/webhooks/tables';
import { TEST_WEBHOOK_SETTINGS as SETTINGS } from './webhooks/test-settings';

jest.setTimeout(60_000);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('webhook delivery', () => {
  let t: TestApp;
  let tenants: TenantsAndReceiver['tenants'];
  let receiver: TenantsAndReceiver['receiver'];

  beforeAll(async () => {
    ({ t, tenants, receiver } = await startTenantsAndReceiver());
  });
  afterAll(() => stopTenantsAndReceiver({ t, receiver }));
  beforeEach(() => {
    receiver.received.length = 0;
    receiver.respondWith((_request, response) => response.end('ok'));
  });

  const call = (
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    url: string,
    payload?: unknown,
    token = tenants.staffAToken,
  ) => t.app.inject({ method, url: `/api/v1${url}`, headers: auth(token), payload: payload as object | undefined });
  const endpoints = () => `/manufacturers/${tenants.manufacturerA.id}/webhook-endpoints`;
  const createEndpoint = async (path: string) => {
    const response = await call('POST', endpoints(), { url: receiver.url(path), event_types: ['license.created'] });
    expect(response.statusCode).toBe(201);
    return response.json() as { id: number; secret: string };
  };
  const sendTest = async (endpointId: number) => {
    const response = await call('POST', `${endpoints()}/${endpointId}/test`);
    expect(response.statusCode).toBe(202);
    return response.json() as { id: number; message_id: string; status: string };
  };
  const deliveryOf = async (endpointId: number, deliveryId: number) => {
    const log = (await call('GET', `${endpoints()}/${endpointId}/deliveries?per_page=100`)).json() as {
      data: { id: number }[];
    };
    return log.data.find((delivery) => delivery.id === deliveryId) as Record<string, unknown>;
  };

  it('shows the secret once, never again, and lists, reads, changes and deletes endpoints', async () => {
    const { id, secret } = await createEndpoint('/crud');
    const read = (await call('GET', `${endpoints()}/${id}`)).json();
    expect(read).toEqual({
      id,
      manufacturer_id: tenants.manufacturerA.id,
      url: receiver.url('/crud'),
      event_types: ['license.created'],
      enabled: true,
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    expect(JSON.stringify((await call('GET', endpoints())).json())).not.toContain(secret);
    const patched = await call('PATCH', `${endpoints()}/${id}`, {
      event_types: ['license.created', 'trial.started'],
      enabled: false,
    });
    expect(patched.json()).toMatchObject({ event_types: ['license.created', 'trial.started'], enabled: false });
    expect((await call('PATCH', `${endpoints()}/${id}`, { event_types: ['no.such'] })).statusCode).toBe(400);
    expect((await call('PATCH', `${endpoints()}/${id}`, {})).statusCode).toBe(400);
    expect((await call('GET', `${endpoints()}/${id}`, undefined, tenants.staffBToken)).statusCode).toBe(404);
    expect((await call('GET', `${endpoints()}/${id}`, undefined, tenants.superToken)).statusCode).toBe(200);
    expect((await call('DELETE', `${endpoints()}/${id}`)).statusCode).toBe(204);
    expect((await call('GET', `${endpoints()}/${id}`)).statusCode).toBe(404);
  });

  it('shows in the log the payload of each delivery, byte for byte what was signed and sent', async () => {
    const { id, secret } = await createEndpoint('/payload');
    const payload = {
      type: 'license.created',
      timestamp: '2026-11-26T10:00:00.000Z',
      data: {
        object: 'license',
        name: 'Aurora Réverb “Pro” 𝄞',
        serials: ['A-1', 'B-2'],
        nested: { zero: 0, none: null },
      },
    };
    const eventId = await insertEvent(t.db, tenants.manufacturerA.id, 'license.created', payload);
    const deliveryId = Number(await enqueueDelivery(t.db, eventId, id));
    const test = await sendTest(id);
    expect(JSON.parse(String((await deliveryOf(id, test.id)).payload))).toMatchObject({
      type: 'webhook.test',
      data: { object: 'webhook_endpoint', id: String(id) },
    });
    // Before any attempt the log already shows what will be sent.
    expect(JSON.parse(String((await deliveryOf(id, deliveryId)).payload))).toEqual(payload);

    for (let pass = 0; pass < 10 && receiver.received.length < 2; pass++) await deliverDue(t.db, t.masterKey, SETTINGS);
    const sent = receiver.received.find((request) => request.headers['webhook-id'] === messageIdOf(eventId))!;
    const logged = await deliveryOf(id, deliveryId);
    expect(logged).toMatchObject({ status: 'succeeded', payload: sent.body });
    expect(new Webhook(secret).verify(String(logged.payload), sent.headers as Record<string, string>)).toEqual(payload);
    // Another tenant's staff cannot read it.
    const other = await call('GET', `${endpoints()}/${id}/deliveries`, undefined, tenants.staffBToken);
    expect(other.statusCode).toBe(404);
    expect(other.body).not.toContain('Aurora Réverb');
  });

  it('retries a receiver answering 500 with backoff, then marks the delivery failed', async () => {
    receiver.respondWith((_request, response) => {
      response.statusCode = 500;
      response.end('down');
    });
    const { id, secret } = await createEndpoint('/failing');
    const delivery = await sendTest(id);
    for (let pass = 0; pass < 50 && receiver.received.length < 3; pass++) {
      await deliverDue(t.db, t.masterKey, SETTINGS);
      await sleep(10);
    }
    expect(receiver.received).toHaveLength(SETTINGS.maxAttempts);
    expect(new Set(receiver.received.map((request) => request.headers['webhook-id']))).toEqual(
      new Set([delivery.message_id]),
    );
    for (const request of receiver.received)
      expect(() => new Webhook(secret).verify(request.body, request.headers as Record<string, string>)).not.toThrow();
    expect(await deliveryOf(id, delivery.id)).toMatchObject({
      status: 'failed',
      attempts: 3,
      response_code: 500,
      last_error: 'HTTP 500',
      next_attempt_at: null,
    });
    await deliverDue(t.db, t.masterKey, SETTINGS);
    expect(receiver.received).toHaveLength(3);

    receiver.respondWith((_request, response) => response.end('ok'));
    const again = await call('POST', `${endpoints()}/${id}/deliveries/${delivery.id}/redeliver`);
    expect(again.statusCode).toBe(202);
    expect(again.json()).toMatchObject({ message_id: delivery.message_id, status: 'pending', attempts: 0 });
    await deliverDue(t.db, t.masterKey, SETTINGS);
    expect(receiver.received).toHaveLength(4);
    expect(receiver.received[3].headers['webhook-id']).toBe(delivery.message_id);
    expect(await deliveryOf(id, again.json().id)).toMatchObject({
      status: 'succeeded',
      attempts: 1,
      response_code: 200,
    });
  });

  it('loses nothing when a worker dies mid-delivery: another delivers it once its lease ends', async () => {
    const { id } = await createEndpoint('/lease');
    const delivery = await sendTest(id);
    const dying = { ...SETTINGS, leaseMs: 400 };
    expect(await claimDueDeliveries(t.db, dying)).toHaveLength(1);
    // The claiming worker is gone: nothing was sent, and nobody else takes the row while its lease runs.
    expect(await deliverDue(t.db, t.masterKey, SETTINGS)).toBe(0);
    await sleep(450);
    expect(await deliverDue(t.db, t.masterKey, SETTINGS)).toBe(1);
    expect(receiver.received.map((request) => request.headers['webhook-id'])).toEqual([delivery.message_id]);
    expect(await deliveryOf(id, delivery.id)).toMatchObject({ status: 'succeeded', attempts: 2 });
  });

  it('never lets two workers deliver one event at the same time', async () => {
    receiver.respondWith((_request, response) => setTimeout(() => response.end('ok'), 30));
    const { id } = await createEndpoint('/two-workers');
    const sent = [];
    // Written as the trigger writes them: "Send test event" allows 5 a minute per endpoint.
    for (let n = 0; n < 24; n++) {
      const event = await insertEvent(t.db, tenants.manufacturerA.id, 'webhook.test', { n });
      await enqueueDelivery(t.db, event, id);
      sent.push(messageIdOf(event));
    }
    const other = createDatabase(t.databaseUrl, 4);
    try {
      for (let pass = 0; pass < 20 && receiver.received.length < sent.length; pass++) {
        await Promise.all([
          deliverDue(t.db, t.masterKey, SETTINGS),
          deliverDue(other, t.masterKey, SETTINGS),
          deliverDue(t.db, t.masterKey, SETTINGS),
          deliverDue(other, t.masterKey, SETTINGS),
        ]);
      }
    } finally {
      await other.destroy();
    }
    expect(receiver.received.map((request) => request.headers['webhook-id']).sort()).toEqual([...sent].sort());
  });

  it("holds a disabled endpoint's deliveries until it is enabled again", async () => {
    const { id } = await createEndpoint('/paused');
    const delivery = await sendTest(id);
    expect((await call('PATCH', `${endpoints()}/${id}`, { enabled: false })).statusCode).toBe(200);
    expect(await deliverDue(t.db, t.masterKey, SETTINGS)).toBe(0);
    expect(await deliveryOf(id, delivery.id)).toMatchObject({ status: 'pending', attempts: 0 });
    expect((await call('PATCH', `${endpoints()}/${id}`, { enabled: true })).statusCode).toBe(200);
    expect(await deliverDue(t.db, t.masterKey, SETTINGS)).toBe(1);
    expect(receiver.received.map((request) => request.path)).toEqual(['/paused']);
  });

  it('does not follow redirects and times out slow receivers', async () => {
    receiver.respondWith((request, response) => {
      if (request.path === '/redirect') {
        response.statusCode = 307;
        response.setHeader('location', receiver.url('/elsewhere'));
        return response.end();
      }
      // /slow never answers within the time-out.
    });
    const redirect = await createEndpoint('/redirect');
    const redirected = await sendTest(redirect.id);
    const slow = await createEndpoint('/slow');
    const slowDelivery = await sendTest(slow.id);
    await deliverDue(t.db, t.masterKey, { ...SETTINGS, timeoutMs: 300 });
    expect(receiver.received.map((request) => request.path).sort()).toEqual(['/redirect', '/slow']);
    expect(await deliveryOf(redirect.id, redirected.id)).toMatchObject({
      status: 'pending',
      attempts: 1,
      response_code: 307,
      last_error: 'HTTP 307',
    });
    expect(await deliveryOf(slow.id, slowDelivery.id)).toMatchObject({
      status: 'pending',
      attempts: 1,
      response_code: null,
      last_error: 'No answer within 300 ms',
    });
    // Their retries are not the business of the tests below.
    for (const endpoint of [redirect, slow]) await call('PATCH', `${endpoints()}/${endpoint.id}`, { enabled: false });
  });

  describe('SSRF', () => {
    beforeAll(() => delete process.env.PRODUCTHUB_WEBHOOK_ALLOW_PRIVATE);
    afterAll(() => (process.env.PRODUCTHUB_WEBHOOK_ALLOW_PRIVATE = 'true'));

    it.each([
      ['http://127.0.0.1:9/hook', 'loopback'],
      ['http://localhost/hook', 'loopback'],
      ['http://[::1]/hook', 'loopback'],
      ['http://10.1.2.3/hook', 'private'],
      ['https://192.168.0.10/hook', 'private'],
      ['http://169.254.169.254/latest/meta-data', 'linkLocal'],
      ['http://224.0.0.1/hook', 'multicast'],
      ['http://0.0.0.0/hook', 'unspecified'],
      ['http://[::ffff:127.0.0.1]/hook', 'loopback'],
      ['http://[fe80::1]/hook', 'linkLocal'],
    ])('refuses %s (%s) with a clear 400 and changes nothing', async (url, range) => {
      const before = await tableDigest(t.db, 'webhook_endpoints');
      const response = await call('POST', endpoints(), { url, event_types: ['license.created'] });
      expect(response.statusCode).toBe(400);
      expect(response.json().message[0]).toMatch(
        new RegExp(`a ${range} address: webhooks are only sent to public addresses`),
      );
      expect(await tableDigest(t.db, 'webhook_endpoints')).toBe(before);
    });

    it.each(['ftp://example.com/x', 'not a url', 'http://user:pass@example.com/', 'file:///etc/passwd'])(
      'refuses the URL %s',
      async (url) => {
        const response = await call('POST', endpoints(), { url, event_types: ['license.created'] });
        expect(response.statusCode).toBe(400);
        expect(response.json().message).toEqual([
          'The webhook URL must be an absolute http:// or https:// URL without user name or password.',
        ]);
      },
    );

    it('refuses a private target again at delivery time (an endpoint saved while it was allowed)', async () => {
      process.env.PRODUCTHUB_WEBHOOK_ALLOW_PRIVATE = 'true';
      const { id } = await createEndpoint('/refused-at-delivery');
      delete process.env.PRODUCTHUB_WEBHOOK_ALLOW_PRIVATE;
      const delivery = await sendTest(id);
      await deliverDue(t.db, t.masterKey, { ...SETTINGS, allowPrivateTargets: false });
      expect(receiver.received).toHaveLength(0);
      const logged = await deliveryOf(id, delivery.id);
      expect(logged).toMatchObject({ status: 'pending', attempts: 1, response_code: null });
      expect(logged.last_error).toMatch(/resolves to 127\.0\.0\.1, a loopback address/);
      expect((await call('PATCH', `${endpoints()}/${id}`, { url: receiver.url('/still-loopback') })).statusCode).toBe(
        400,
      );
    });
  });
});
