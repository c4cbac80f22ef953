import type { AddressInfo } from 'node:net';
import { ProductHubClient, BrowserActivationError } from '../../client-js/src/index';
import { createCustomerSession } from '../src/portal/customer-sessions';
import { createTestApp, type TestApp } from './support/test-app';
import { demoLicenseOfIdentifiedProduct, seedDemo, type DemoLicense } from './support/demo-fixtures';
import { activeFingerprints } from './support/license-rows';
import { customerAuth } from './portal-fixtures';

jest.setTimeout(120_000);

// client-js's browser activation against the real server on 127.0.0.1: the customer's approval goes through the
// portal's route, the plugin's side is the library's start and wait, real intervals included.
describe("client-js's browser activation against the server", () => {
  let t: TestApp;
  let owned: DemoLicense;
  let token: string;
  let client: ProductHubClient;

  beforeAll(async () => {
    t = await createTestApp();
    await seedDemo(t);
    owned = await demoLicenseOfIdentifiedProduct(t, 'first');
    await t.db.updateTable('products').set({ machine_limit: 1000 }).where('id', '=', owned.productId).execute();
    token = (await createCustomerSession(t.db, owned.manufacturerId, owned.userId)).token;
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    client = new ProductHubClient({
      serverUrl: `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`,
      productId: owned.productId,
      publicKey: owned.publicKey,
      productIdentifier: owned.identifier,
    });
  });
  afterAll(() => t.close());

  const decide = (userCode: string, action: 'approve' | 'deny') =>
    t.app.inject({
      method: 'POST',
      url: `/api/v1/portal/browser-activations/${userCode}/${action}`,
      headers: customerAuth(token),
      ...(action === 'approve' ? { payload: { license_id: owned.id } } : {}),
    });

  it('ends in the same verified licence file as activate, once the customer approves', async () => {
    const request = await client.startBrowserActivation({
      hardwareFingerprint: 'HWFP2-CLIENT-JS-BROWSER',
      signatureSeedVersion: 5,
      machineName: 'Studio Mac',
    });
    expect(request.verificationUriComplete).toMatch(/\/portal\/[a-z0-9-]+\/activate\?code=[A-Z]{4}-[A-Z]{4}$/);
    const polls: number[] = [];
    const waiting = client.waitForBrowserActivation(request, {
      onPending: ({ intervalSeconds }) => {
        polls.push(intervalSeconds);
        if (polls.length === 1) void decide(request.userCode, 'approve');
      },
    });
    const license = await waiting;
    expect(polls).toEqual([5]);
    expect(license.document).toMatchObject({ serial: owned.serial, hardware_fingerprint: 'HWFP2-CLIENT-JS-BROWSER' });
    expect(await activeFingerprints(t.db, owned.id)).toContain('HWFP2-CLIENT-JS-BROWSER');
    const activated = await client.activate({
      serial: owned.serial,
      hardwareFingerprint: 'HWFP2-CLIENT-JS-BROWSER',
      signatureSeedVersion: 5,
    });
    const { issued_at: _issued, ...same } = activated.document;
    expect(license.document).toMatchObject(same);
  });

  it('tells the plugin the customer refused', async () => {
    const request = await client.startBrowserActivation({
      hardwareFingerprint: 'HWFP2-CLIENT-JS-REFUSED',
      signatureSeedVersion: 5,
    });
    expect((await decide(request.userCode, 'deny')).statusCode).toBe(200);
    await expect(client.waitForBrowserActivation(request)).rejects.toMatchObject({
      constructor: BrowserActivationError,
      reason: 'denied',
    });
  });

  it('stops when cancelled, and the request can still be approved and picked up later', async () => {
    const request = await client.startBrowserActivation({
      hardwareFingerprint: 'HWFP2-CLIENT-JS-CANCEL',
      signatureSeedVersion: 5,
    });
    const controller = new AbortController();
    setTimeout(() => controller.abort(new Error('closed the window')), 200);
    await expect(client.waitForBrowserActivation(request, { signal: controller.signal })).rejects.toThrow(
      'closed the window',
    );
    expect((await decide(request.userCode, 'approve')).statusCode).toBe(200);
    const poll = await client.pollBrowserActivation(request);
    expect(poll).toMatchObject({ status: 'activated', document: { hardware_fingerprint: 'HWFP2-CLIENT-JS-CANCEL' } });
  });
});
