import { Webhook } from 'standardwebhooks';
import { WEBHOOK_EVENT_TYPES } from 'shared-kit/contract';
import { createTestApp, type TestApp } from './support/test-app';
import { auth } from './support/fixtures';
import { clientPost } from './client-fixtures';
import { buildWorld, type World } from './security/matrix-world';
import { deliverDue } from '../src/webhooks/worker';
import { TEST_WEBHOOK_SETTINGS as SETTINGS } from './webhooks/test-settings';
import { AUDIT_ACTION_EVENT_TYPES } from '../src/db/migrations/0009-webhooks';
import { startReceiver, type Receiver } from './webhooks/loopback-receiver';

jest.setTimeout(60_000);

/**
 * Every event type mapped today, caused through the API by staff of A, arrives at a loopback receiver once,
 * signed (verified with the Standard Webhooks reference library), with the documented envelope whose data is
 * the audit entry of the change.
 */
describe('webhook events', () => {
  let t: TestApp;
  let w: World;
  let receiver: Receiver;

  beforeAll(async () => {
    process.env.PRODUCTHUB_WEBHOOK_ALLOW_PRIVATE = 'true';
    t = await createTestApp();
    w = await buildWorld(t);
    receiver = await startReceiver();
    await t.db.deleteFrom('audit_log').where('action', 'like', 'webhook_endpoint.%').execute();
    await t.db
      .withTables<{ webhook_endpoints: { manufacturer_id: number } }>()
      .deleteFrom('webhook_endpoints')
      .where('manufacturer_id', '=', w.manufacturerA)
      .execute();
  }, 120_000);
  afterAll(async () => {
    delete process.env.PRODUCTHUB_WEBHOOK_ALLOW_PRIVATE;
    await receiver.close();
    await t.close();
  });

  const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown) =>
    t.app.inject({
      method,
      url: `/api/v1${url}`,
      headers: auth(w.tokens.staffA),
      payload: payload as object | undefined,
    });

  it('delivers every mapped event type, signed, with the audit entry as data', async () => {
    // The demo seed's own audit entries (its plugin calls) came before any endpoint: only later changes count.
    const { last } = await t.db
      .selectFrom('audit_log')
      .select((eb) => eb.fn.max('id').as('last'))
      .executeTakeFirstOrThrow();
    const created = await call('POST', `/manufacturers/${w.manufacturerA}/webhook-endpoints`, {
      url: receiver.url('/all'),
      event_types: [...WEBHOOK_EVENT_TYPES],
    });
    expect(created.statusCode).toBe(201);
    const { secret } = created.json() as { secret: string };
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);

    const expectOk = async (response: Promise<{ statusCode: number; body: string }>, status: number) =>
      expect({ status: (await response).statusCode }).toEqual({ status });
    const user = await call('POST', '/users', { email: 'hooked@example.com', external_id: null });
    expect(user.statusCode).toBe(201);
    const userId = user.json().id as number;
    await expectOk(
      call('PATCH', `/users/${userId}`, { email: 'hooked.renamed@example.com', external_id: 'crm-7' }),
      200,
    );
    const license = await call('POST', `/users/${userId}/licenses`, { product_id: w.productA, license_type: 'NFR' });
    expect(license.statusCode).toBe(201);
    const licenseId = license.json().id as number;
    await expectOk(call('PATCH', `/licenses/${licenseId}`, { disabled: true, disabled_reason: 'CancelledOrder' }), 200);
    await expectOk(call('PATCH', `/licenses/${licenseId}`, { disabled: false, disabled_reason: null }), 200);
    await expectOk(call('PATCH', `/licenses/${licenseId}`, { user_id: w.endUserA }), 200);
    await expectOk(
      call('POST', `/licenses/${licenseId}/activations`, {
        hardware_fingerprint: 'HOOK-FP-1',
        hardware_fingerprint_version: 2,
        signature_seed_version: 5,
      }),
      201,
    );
    await expectOk(
      call('POST', `/manufacturers/${w.manufacturerA}/channels/${w.betaChannelA}/releases`, {
        product_release_id: w.nonBetaReleaseA,
      }),
      201,
    );
    await expectOk(
      call('DELETE', `/manufacturers/${w.manufacturerA}/channels/${w.betaChannelA}/releases/${w.betaReleaseA}`),
      204,
    );
    // A plugin's calls: a new trial, an activation and the customer freeing that machine; then staff free another.
    await t.db.updateTable('products').set({ trial_days: 14 }).where('id', '=', w.productA).execute();
    await expectOk(clientPost(t, '/trials', { product_id: w.productA, hardware_fingerprint: 'HOOK-TRIAL-1' }), 201);
    const machine = { product_id: w.productA, serial: w.licenseSerialA, hardware_fingerprint: 'HOOK-CLIENT-FP' };
    await expectOk(
      clientPost(t, '/activations', { ...machine, hardware_fingerprint_version: 2, signature_seed_version: 5 }),
      200,
    );
    await expectOk(clientPost(t, '/deactivations', machine), 200);
    await expectOk(call('POST', `/licenses/${w.licenseA}/machines/${w.machineA}/deactivate`), 200);

    while ((await deliverDue(t.db, t.masterKey, SETTINGS)) > 0);
    // A pass sends its claimed deliveries at once, so they may arrive in any order: read them in event order.
    const messageNumber = (request: (typeof receiver.received)[number]) =>
      Number(String(request.headers['webhook-id']).replace('msg_', ''));
    const received = [...receiver.received].sort((a, b) => messageNumber(a) - messageNumber(b));
    const mapped = Object.values(AUDIT_ACTION_EVENT_TYPES);
    expect(received.map((request) => JSON.parse(request.body).type)).toEqual([
      'end_user.created',
      'end_user.updated',
      'license.created',
      'license.disabled',
      'license.enabled',
      'license.transferred',
      'license.activated',
      'release.distributed',
      'release.withdrawn',
      'trial.started',
      'license.activated',
      'machine.deactivated',
      'machine.deactivated',
    ]);
    expect(new Set(received.map((request) => JSON.parse(request.body).type))).toEqual(new Set(mapped));

    const audits = await t.db
      .selectFrom('audit_log')
      .selectAll()
      .where('manufacturer_id', '=', w.manufacturerA)
      .where('action', 'in', Object.keys(AUDIT_ACTION_EVENT_TYPES))
      .where('id', '>', String(last ?? 0))
      .orderBy('id')
      .execute();
    expect(audits).toHaveLength(received.length);
    const ids = new Set<string>();
    received.forEach((request, index) => {
      const audit = audits[index];
      const headers = {
        'webhook-id': String(request.headers['webhook-id']),
        'webhook-timestamp': String(request.headers['webhook-timestamp']),
        'webhook-signature': String(request.headers['webhook-signature']),
      };
      expect(request.path).toBe('/all');
      expect(request.headers['content-type']).toBe('application/json');
      expect(headers['webhook-id']).toMatch(/^msg_\d+$/);
      ids.add(headers['webhook-id']);
      expect(Math.abs(Number(headers['webhook-timestamp']) - Date.now() / 1000)).toBeLessThan(60);
      const verified = new Webhook(secret).verify(request.body, headers);
      expect(verified).toEqual({
        type: AUDIT_ACTION_EVENT_TYPES[audit.action],
        timestamp: audit.created_at.toISOString(),
        data: {
          object: audit.entity_type,
          id: audit.entity_id,
          manufacturer_id: w.manufacturerA,
          actor_system_user_id: audit.actor_system_user_id,
          before: audit.before,
          after: audit.after,
        },
      });
      expect(() =>
        new Webhook(`whsec_${Buffer.alloc(24, 1).toString('base64')}`).verify(request.body, headers),
      ).toThrow();
    });
    expect(ids.size).toBe(received.length);

    const endpointId = created.json().id as number;
    const log = (
      await call('GET', `/manufacturers/${w.manufacturerA}/webhook-endpoints/${endpointId}/deliveries?per_page=2`)
    ).json();
    expect(log.pagination).toEqual({
      records: { total: 13, per_page: 2 },
      pages: { current: 1, previous: null, next: 2, last: 7 },
    });
    expect(log.data[0]).toEqual({
      id: expect.any(Number),
      endpoint_id: endpointId,
      message_id: received[12].headers['webhook-id'],
      event_type: 'machine.deactivated',
      payload: received[12].body,
      status: 'succeeded',
      attempts: 1,
      response_code: 200,
      duration_ms: expect.any(Number),
      last_error: null,
      last_attempt_at: expect.any(String),
      next_attempt_at: null,
      created_at: expect.any(String),
    });
  });

  it('sends nothing for events an endpoint does not subscribe to, or when it is disabled', async () => {
    const before = receiver.received.length;
    const list = (await call('GET', `/manufacturers/${w.manufacturerA}/webhook-endpoints`)).json().data as {
      id: number;
    }[];
    for (const endpoint of list)
      expect(
        (await call('PATCH', `/manufacturers/${w.manufacturerA}/webhook-endpoints/${endpoint.id}`, { enabled: false }))
          .statusCode,
      ).toBe(200);
    const only = await call('POST', `/manufacturers/${w.manufacturerA}/webhook-endpoints`, {
      url: receiver.url('/only'),
      event_types: ['license.created'],
    });
    expect(only.statusCode).toBe(201);
    expect((await call('POST', '/users', { email: 'not-subscribed@example.com', external_id: null })).statusCode).toBe(
      201,
    );
    while ((await deliverDue(t.db, t.masterKey, SETTINGS)) > 0);
    expect(receiver.received.length).toBe(before);
  });
});
