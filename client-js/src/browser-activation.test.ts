import {
  BrowserActivationError,
  ProductHubClient,
  UntrustedAnswerError,
  LICENSE_FILE_FORMAT,
  LICENSE_FILE_V2_FORMAT,
  licenseHasFeature,
} from './index';
import { LoopbackServer } from './test-support/loopback-server';
import { signDocument, testProductKey } from './test-support/test-signer';
import { licenseClaims } from './test-support/sample-claims';

// The flow's mechanics against a loopback server whose answers each test sets (one-second intervals keep it quick);
// the whole loop against the real server is api-server/test/browser-activation-client-js.test.ts.
const PRODUCT_ID = 7;
const FINGERPRINT = 'HWFP2-3F9A-77C1-0B5E-D24C';
const START = 'POST /api/v1/clients/app/browser-activations';
const POLL = 'POST /api/v1/clients/app/browser-activations/poll';
const productKey = testProductKey();
const otherKey = testProductKey();

const server = new LoopbackServer();
let client: ProductHubClient;

beforeAll(async () => {
  await server.start();
  client = new ProductHubClient({
    serverUrl: server.url,
    productId: PRODUCT_ID,
    publicKey: productKey.publicKeyBase64,
    productIdentifier: 'com.aurora.reverb',
  });
});
afterAll(() => server.stop());
beforeEach(() => {
  server.requests.length = 0;
  server.on(START, () => ({
    status: 201,
    json: {
      device_code: 'device-secret',
      user_code: 'BCDF-GHJK',
      verification_uri: '/portal/aurora-audio/activate',
      verification_uri_complete: '/portal/aurora-audio/activate?code=BCDF-GHJK',
      expires_in: 600,
      interval: 1,
    },
  }));
});

const start = () => client.startBrowserActivation({ hardwareFingerprint: ` ${FINGERPRINT} `, signatureSeedVersion: 5 });
const pending = (error: string, interval: number) => ({
  status: 400,
  json: { message: ['Waiting.'], error, interval },
});
/** Answers the polls in turn, the last one from then on. */
const pollAnswers = (...answers: ReturnType<typeof pending>[]) => {
  let n = 0;
  server.on(POLL, () => answers[Math.min(n++, answers.length - 1)]);
};
const licence = (key = productKey) => ({
  status: 200,
  json: signDocument(LICENSE_FILE_FORMAT, licenseClaims(FINGERPRINT), key.privateKey),
});
const pollTimes = () => server.requests.filter((request) => request.path.endsWith('/poll')).length;

describe('startBrowserActivation', () => {
  it('sends the product, the trimmed fingerprint and the versions, and answers the codes with absolute URLs', async () => {
    const request = await client.startBrowserActivation({
      hardwareFingerprint: ` ${FINGERPRINT} `,
      signatureSeedVersion: 5,
      machineName: '  Studio Mac ',
    });
    expect(server.requests[0].body).toEqual({
      product_id: PRODUCT_ID,
      hardware_fingerprint: FINGERPRINT,
      hardware_fingerprint_version: 2,
      signature_seed_version: 5,
      machine_name: 'Studio Mac',
    });
    expect(request).toMatchObject({
      userCode: 'BCDF-GHJK',
      verificationUri: `${server.url}/portal/aurora-audio/activate`,
      verificationUriComplete: `${server.url}/portal/aurora-audio/activate?code=BCDF-GHJK`,
      intervalSeconds: 1,
      deviceCode: 'device-secret',
      hardwareFingerprint: FINGERPRINT,
    });
    expect(request.expiresAt).toBeGreaterThan(Date.now() + 590_000);
  });
});

describe('a browser activation asking for licence file version 2', () => {
  const v2 = () => ({
    status: 200,
    json: signDocument(
      LICENSE_FILE_V2_FORMAT,
      {
        ...licenseClaims(FINGERPRINT),
        format_version: 2,
        expires_at: null,
        grace_days: 0,
        maintenance_ends_at: null,
        edition: 'Pro',
        features: [{ key: 'stems' }],
      },
      productKey.privateKey,
    ),
  });

  it('sends license_file_version 2 and answers the version 2 file with its terms', async () => {
    const request = await client.startBrowserActivation({
      hardwareFingerprint: FINGERPRINT,
      signatureSeedVersion: 5,
      licenseFileVersion: 2,
    });
    expect(server.requests[0].body).toMatchObject({ license_file_version: 2 });
    expect(request.licenseFileVersion).toBe(2);
    pollAnswers(v2() as never);
    const result = await client.waitForBrowserActivation(request);
    expect(result.document).toMatchObject({ format_version: 2, edition: 'Pro' });
    expect(licenseHasFeature(result.document, 'stems')).toBe(true);
  });

  it('refuses a version 1 file to a request for version 2, and the reverse; sends no member for version 1', async () => {
    pollAnswers(licence() as never);
    const asked2 = await client.startBrowserActivation({
      hardwareFingerprint: FINGERPRINT,
      signatureSeedVersion: 5,
      licenseFileVersion: 2,
    });
    await expect(client.pollBrowserActivation(asked2)).rejects.toMatchObject({ reason: 'unsupported-version' });
    pollAnswers(v2() as never);
    const asked1 = await start();
    expect(server.requests.at(-1)!.body).not.toHaveProperty('license_file_version');
    await expect(client.pollBrowserActivation(asked1)).rejects.toBeInstanceOf(UntrustedAnswerError);
  });
});

describe('waitForBrowserActivation', () => {
  it('polls at the interval until approved, then answers the verified licence file', async () => {
    server.on(POLL, () => (pollTimes() < 3 ? pending('authorization_pending', 1) : licence()));
    const seen: number[] = [];
    const began = Date.now();
    const result = await client.waitForBrowserActivation(await start(), {
      onPending: ({ intervalSeconds }) => seen.push(intervalSeconds),
    });
    expect(result.document).toMatchObject({ hardware_fingerprint: FINGERPRINT, serial: expect.any(String) });
    expect(JSON.parse(result.text)).toMatchObject({ serial: result.document.serial, signature: expect.any(String) });
    expect(pollTimes()).toBe(3);
    expect(seen).toEqual([1, 1]);
    expect(Date.now() - began).toBeGreaterThanOrEqual(2900);
    expect(server.requests.at(-1)!.body).toEqual({
      product_id: PRODUCT_ID,
      device_code: 'device-secret',
      hardware_fingerprint: FINGERPRINT,
    });
  });

  it('waits the longer interval slow_down gives', async () => {
    pollAnswers(pending('slow_down', 2), licence() as never);
    const began = Date.now();
    await client.waitForBrowserActivation(await start());
    // One second before the first poll, then the two slow_down asked for.
    expect(Date.now() - began).toBeGreaterThanOrEqual(2900);
    expect(pollTimes()).toBe(2);
  });

  it.each([
    ['access_denied', 'denied'],
    ['expired_token', 'expired'],
  ])('ends with BrowserActivationError on %s', async (error, reason) => {
    pollAnswers(pending(error, 1));
    const failure = client.waitForBrowserActivation(await start());
    await expect(failure).rejects.toBeInstanceOf(BrowserActivationError);
    await expect(failure).rejects.toMatchObject({ reason });
  });

  it('ends with reason "unknown" when the server no longer knows the code', async () => {
    server.on(POLL, () => ({ status: 404, json: { message: ['Activation request not found'] } }));
    await expect(client.waitForBrowserActivation(await start())).rejects.toMatchObject({ reason: 'unknown' });
  });

  it('refuses a licence file signed with another key', async () => {
    server.on(POLL, () => licence(otherKey));
    await expect(client.waitForBrowserActivation(await start())).rejects.toBeInstanceOf(UntrustedAnswerError);
  });

  it('keeps polling through a 503, and stops at once when the signal aborts', async () => {
    pollAnswers({ status: 503, json: { message: ['Down.'] } } as never, pending('authorization_pending', 1));
    const controller = new AbortController();
    const waiting = client.waitForBrowserActivation(await start(), {
      signal: controller.signal,
      onPending: () => controller.abort(new Error('cancelled by the customer')),
    });
    await expect(waiting).rejects.toThrow('cancelled by the customer');
    expect(pollTimes()).toBe(2);
  });

  it('throws the reason of a signal aborted before it starts waiting, without polling', async () => {
    const request = await start();
    const controller = new AbortController();
    controller.abort(new Error('closed'));
    await expect(client.waitForBrowserActivation(request, { signal: controller.signal })).rejects.toThrow('closed');
    expect(pollTimes()).toBe(0);
  });
});
