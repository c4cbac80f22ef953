import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ProductHubClient } from './client';
import { DownloadIntegrityError, ProductHubApiError, UntrustedAnswerError } from './errors';
import {
  LICENSE_FILE_FORMAT,
  LICENSE_FILE_V2_FORMAT,
  licenseGraceEndsAt,
  licenseHasFeature,
  licenseIsExpired,
  licenseIsInGrace,
  licenseMaintenanceEndsAt,
  licenseTermsOf,
  findWithdrawal,
  REVOCATION_LIST_FORMAT,
  STATE_DOCUMENT_FORMAT,
  STATE_DOCUMENT_V2_FORMAT,
  stateAllowsUse,
  TRIAL_FILE_FORMAT,
  UPDATE_ANSWER_FORMAT,
} from './index';
import { LoopbackServer, type RecordedRequest } from './test-support/loopback-server';
import { signDocument, testProductKey } from './test-support/test-signer';
import { licenseClaims, SAMPLE_SERIAL, signedTime } from './test-support/sample-claims';

const PRODUCT_ID = 7;
const FINGERPRINT = 'HWFP2-3F9A-77C1-0B5E-D24C';
const SERIAL = SAMPLE_SERIAL;
const productKey = testProductKey();
const otherKey = testProductKey();
const now = () => signedTime(Date.now());
const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest('hex');
const bodyOf = (request: RecordedRequest) => request.body as Record<string, string>;

const server = new LoopbackServer();
let client: ProductHubClient;
let folder: string;

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
  folder = mkdtempSync(join(tmpdir(), 'producthub-client-'));
});
afterEach(() => rmSync(folder, { recursive: true, force: true }));

const trialClaims = (overrides: Record<string, unknown> = {}) => ({
  product_id: PRODUCT_ID,
  hardware_fingerprint: FINGERPRINT,
  started_at: signedTime(Date.now() - 86_400_000),
  expires_at: signedTime(Date.now() + 13 * 86_400_000),
  issued_at: now(),
  ...overrides,
});

describe('startTrial', () => {
  it('sends the product and the trimmed fingerprint and answers the verified trial file', async () => {
    const claims = trialClaims();
    server.on('POST /api/v1/clients/app/trials', () => ({
      status: 201,
      json: signDocument(TRIAL_FILE_FORMAT, claims, productKey.privateKey),
    }));
    const trial = await client.startTrial(`  ${FINGERPRINT}\n`);
    expect(server.requests[0].body).toEqual({ product_id: PRODUCT_ID, hardware_fingerprint: FINGERPRINT });
    expect(trial).toMatchObject({ created: true, expired: false, document: claims });
    expect(JSON.parse(trial.text)).toMatchObject({ format: 'producthub-trial', format_version: 1 });
  });

  it('reports a trial the machine already had that has ended', async () => {
    const claims = trialClaims({ started_at: '2026-01-01T00:00:00Z', expires_at: '2026-01-15T00:00:00Z' });
    server.on('POST /api/v1/clients/app/trials', () => ({
      status: 200,
      json: signDocument(TRIAL_FILE_FORMAT, claims, productKey.privateKey),
    }));
    await expect(client.startTrial(FINGERPRINT)).resolves.toMatchObject({ created: false, expired: true });
  });

  it.each([
    ['signed with another key', signDocument(TRIAL_FILE_FORMAT, trialClaims(), otherKey.privateKey), 'bad-signature'],
    [
      'for another machine',
      signDocument(TRIAL_FILE_FORMAT, trialClaims({ hardware_fingerprint: 'HWFP2-0000' }), productKey.privateKey),
      'wrong-fingerprint',
    ],
    [
      'for another product',
      signDocument(TRIAL_FILE_FORMAT, trialClaims({ product_id: 8 }), productKey.privateKey),
      'wrong-product',
    ],
    [
      'changed after signing',
      { ...signDocument(TRIAL_FILE_FORMAT, trialClaims(), productKey.privateKey), expires_at: '2099-01-01T00:00:00Z' },
      'bad-signature',
    ],
    [
      'another kind of document',
      { ...signDocument(TRIAL_FILE_FORMAT, trialClaims(), productKey.privateKey), format: 'producthub-state' },
      'wrong-format',
    ],
  ])('refuses an answer %s', async (_name, json, reason) => {
    server.on('POST /api/v1/clients/app/trials', () => ({ status: 201, json }));
    await expect(client.startTrial(FINGERPRINT)).rejects.toEqual(
      expect.objectContaining({ name: 'UntrustedAnswerError', reason }),
    );
  });

  it("passes the server's refusal on with its messages", async () => {
    server.on('POST /api/v1/clients/app/trials', () => ({
      status: 409,
      json: { message: ['This product has no trial.'] },
    }));
    const error = await client.startTrial(FINGERPRINT).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ProductHubApiError);
    expect(error).toMatchObject({
      status: 409,
      messages: ['This product has no trial.'],
      message: 'This product has no trial.',
    });
  });

  it('passes Retry-After on for a rate-limited call', async () => {
    server.on('POST /api/v1/clients/app/trials', () => ({
      status: 429,
      json: { message: ['Too many requests.'] },
      headers: { 'retry-after': '42' },
    }));
    await expect(client.startTrial(FINGERPRINT)).rejects.toMatchObject({ status: 429, retryAfterSeconds: 42 });
  });
});

describe('activate and deactivate', () => {
  it('sends the normalised serial and answers the verified licence file', async () => {
    server.on('POST /api/v1/clients/app/activations', () => ({
      json: signDocument(LICENSE_FILE_FORMAT, licenseClaims(FINGERPRINT), productKey.privateKey),
    }));
    const license = await client.activate({
      serial: ` ${SERIAL.toLowerCase()} `,
      hardwareFingerprint: FINGERPRINT,
      signatureSeedVersion: 5,
    });
    expect(server.requests[0].body).toEqual({
      product_id: PRODUCT_ID,
      serial: SERIAL,
      hardware_fingerprint: FINGERPRINT,
      hardware_fingerprint_version: 2,
      signature_seed_version: 5,
    });
    expect(license.document).toMatchObject({ serial: SERIAL, license_type: 'Standard' });
  });

  it('sends the machine name trimmed when given, and none when it is empty; the server refuses a bad one in words', async () => {
    server.on('POST /api/v1/clients/app/activations', () => ({
      json: signDocument(LICENSE_FILE_FORMAT, licenseClaims(FINGERPRINT), productKey.privateKey),
    }));
    const request = { serial: SERIAL, hardwareFingerprint: FINGERPRINT, signatureSeedVersion: 5 as const };
    await client.activate({ ...request, machineName: '  Studio Mac ' });
    await client.activate({ ...request, machineName: '   ' });
    await client.activate(request);
    expect(server.requests.map((sent) => (sent.body as Record<string, unknown>).machine_name)).toEqual([
      'Studio Mac',
      undefined,
      undefined,
    ]);
    expect(Object.keys(server.requests[1].body as object)).not.toContain('machine_name');

    const tooLong = 'The machine name must be at most 64 characters long.';
    server.on('POST /api/v1/clients/app/activations', () => ({ status: 400, json: { message: [tooLong] } }));
    await expect(client.activate({ ...request, machineName: 'x'.repeat(65) })).rejects.toMatchObject({
      status: 400,
      message: tooLong,
    });
  });

  it("refuses a licence file of another product's identifier", async () => {
    server.on('POST /api/v1/clients/app/activations', () => ({
      json: signDocument(
        LICENSE_FILE_FORMAT,
        licenseClaims(FINGERPRINT, { product_identifier: 'com.aurora.delay' }),
        productKey.privateKey,
      ),
    }));
    await expect(
      client.activate({ serial: SERIAL, hardwareFingerprint: FINGERPRINT, signatureSeedVersion: 5 }),
    ).rejects.toMatchObject({ reason: 'wrong-product' });
  });

  it('asks for version 2 when told, and answers its terms; a version 1 answer to that is refused', async () => {
    const terms = {
      format_version: 2,
      expires_at: '2027-01-01T00:00:00Z',
      grace_days: 7,
      maintenance_ends_at: null,
      edition: 'Pro',
      features: [{ key: 'stems' }, { key: 'surround' }],
    };
    server.on('POST /api/v1/clients/app/activations', () => ({
      json: signDocument(LICENSE_FILE_V2_FORMAT, { ...licenseClaims(FINGERPRINT), ...terms }, productKey.privateKey),
    }));
    const request = { serial: SERIAL, hardwareFingerprint: FINGERPRINT, signatureSeedVersion: 5 as const };
    const license = await client.activate({ ...request, licenseFileVersion: 2 });
    expect(bodyOf(server.requests[0]).license_file_version).toBe(2);
    expect(licenseHasFeature(license.document, 'surround')).toBe(true);
    expect(licenseIsExpired(license.document, new Date('2027-01-08T00:00:01Z'))).toBe(true);
    expect(licenseMaintenanceEndsAt(license.document)).toBeNull();

    server.on('POST /api/v1/clients/app/activations', () => ({
      json: signDocument(LICENSE_FILE_FORMAT, licenseClaims(FINGERPRINT), productKey.privateKey),
    }));
    await expect(client.activate({ ...request, licenseFileVersion: 2 })).rejects.toMatchObject({
      reason: 'unsupported-version',
    });
  });

  it('answers the deactivation receipt', async () => {
    const receipt = { serial: SERIAL, hardware_fingerprint: FINGERPRINT, deactivated_at: now(), deactivations_left: 2 };
    server.on('POST /api/v1/clients/app/deactivations', () => ({ json: receipt }));
    await expect(client.deactivate({ serial: SERIAL, hardwareFingerprint: FINGERPRINT })).resolves.toEqual(receipt);
    expect(server.requests[0].body).toEqual({
      product_id: PRODUCT_ID,
      serial: SERIAL,
      hardware_fingerprint: FINGERPRINT,
    });
  });
});

describe('validate', () => {
  const stateFor = (nonce: string, overrides: Record<string, unknown> = {}) =>
    signDocument(
      STATE_DOCUMENT_FORMAT,
      {
        product_id: PRODUCT_ID,
        serial: SERIAL,
        hardware_fingerprint: FINGERPRINT,
        nonce,
        license_enabled: false,
        disabled_reason: 'FraudulentUse',
        machine_activated: true,
        issued_at: now(),
        ...overrides,
      },
      productKey.privateKey,
    );

  it('sends a fresh nonce each time and answers the state signed for it', async () => {
    server.on('POST /api/v1/clients/app/validations', (request) => ({ json: stateFor(bodyOf(request).nonce) }));
    const first = await client.validate({ serial: SERIAL, hardwareFingerprint: FINGERPRINT });
    await client.validate({ serial: SERIAL, hardwareFingerprint: FINGERPRINT });
    const [one, two] = server.requests.map((request) => bodyOf(request).nonce);
    expect(one).toMatch(/^[A-Za-z0-9_-]{16,64}$/);
    expect(one).not.toBe(two);
    expect(first.document).toMatchObject({
      license_enabled: false,
      disabled_reason: 'FraudulentUse',
      machine_activated: true,
    });
  });

  it("asks for version 2 when told; the terms helpers read the licence's terms now from its answer", async () => {
    const expiresAt = Date.now() - 3 * 86_400_000;
    const terms = {
      expires_at: signedTime(expiresAt),
      grace_days: 7,
      maintenance_ends_at: null,
      edition: 'Pro',
      features: [{ key: 'stems' }, { key: 'surround' }],
    };
    server.on('POST /api/v1/clients/app/validations', (request) => ({
      json: signDocument(
        STATE_DOCUMENT_V2_FORMAT,
        {
          product_id: PRODUCT_ID,
          serial: SERIAL,
          hardware_fingerprint: FINGERPRINT,
          nonce: bodyOf(request).nonce,
          license_enabled: true,
          disabled_reason: '',
          machine_activated: true,
          issued_at: now(),
          ...terms,
        },
        productKey.privateKey,
      ),
    }));
    const { document } = await client.validate({ serial: SERIAL, hardwareFingerprint: FINGERPRINT, answerVersion: 2 });
    expect(bodyOf(server.requests[0]!).answer_version).toBe(2);
    expect(licenseTermsOf(document)).toEqual(terms);
    expect(stateAllowsUse(document)).toBe(true);
    expect(licenseHasFeature(document, 'surround')).toBe(true);
    expect([licenseIsInGrace(document), licenseIsExpired(document)]).toEqual([true, false]);
    expect(licenseGraceEndsAt(document)?.toISOString()).toBe(
      `${signedTime(expiresAt + 7 * 86_400_000).slice(0, 19)}.000Z`,
    );
  });

  it('refuses a replayed answer to another request', async () => {
    server.on('POST /api/v1/clients/app/validations', () => ({ json: stateFor('an-older-nonce-0123456789') }));
    await expect(client.validate({ serial: SERIAL, hardwareFingerprint: FINGERPRINT })).rejects.toMatchObject({
      reason: 'wrong-nonce',
    });
  });

  it('refuses a state whose boolean was changed', async () => {
    server.on('POST /api/v1/clients/app/validations', (request) => ({
      json: { ...stateFor(bodyOf(request).nonce), license_enabled: true, disabled_reason: '' },
    }));
    await expect(client.validate({ serial: SERIAL, hardwareFingerprint: FINGERPRINT })).rejects.toBeInstanceOf(
      UntrustedAnswerError,
    );
  });
});

describe('revocations', () => {
  const revoked = {
    product_id: PRODUCT_ID,
    hardware_fingerprint: FINGERPRINT,
    since: '2026-03-01T00:00:00Z',
    issued_at: now(),
    complete: true,
    licenses: [
      {
        serial_sha256: sha256('ZZZZZ-ZZZZZ-ZZZZZ-ZZZZZ-ZZZZZ'),
        disabled_reason: 'CancelledOrder',
        changed_at: '2026-03-02T00:00:00Z',
      },
    ],
    machines: [{ machine_sha256: sha256(`${SERIAL}\n${FINGERPRINT}`), deactivated_at: '2026-03-03T00:00:00Z' }],
  };

  it('answers the verified list, and a withdrawal for the machine it names', async () => {
    server.on('GET /api/v1/clients/app/products/7/revocations', () => ({
      json: signDocument(REVOCATION_LIST_FORMAT, revoked, productKey.privateKey),
      headers: { etag: '"r1"' },
    }));
    const list = await client.revocations({ hardwareFingerprint: FINGERPRINT, since: revoked.since });
    expect(server.requests[0].path).toBe(
      `/api/v1/clients/app/products/7/revocations?hardware_fingerprint=${FINGERPRINT}&since=2026-03-01T00%3A00%3A00Z`,
    );
    if (list.notModified) throw new Error('expected a list');
    expect(list.etag).toBe('"r1"');
    expect(findWithdrawal(list.document, { serial: SERIAL, hardware_fingerprint: FINGERPRINT })).toEqual({
      kind: 'machine-deactivated',
      entry: revoked.machines[0],
    });
    expect(findWithdrawal(list.document, { serial: SERIAL, hardware_fingerprint: 'HWFP2-other' })).toBeUndefined();
    expect(
      findWithdrawal(list.document, { serial: 'ZZZZZ-ZZZZZ-ZZZZZ-ZZZZZ-ZZZZZ', hardware_fingerprint: 'any' }),
    ).toMatchObject({ kind: 'license-disabled' });
  });

  it('sends the last ETag and answers 304 as not modified', async () => {
    server.on('GET /api/v1/clients/app/products/7/revocations', (request) =>
      request.headers['if-none-match'] === '"r1"' ? { status: 304 } : { status: 500 },
    );
    await expect(client.revocations({ hardwareFingerprint: FINGERPRINT, etag: '"r1"' })).resolves.toEqual({
      notModified: true,
      etag: '"r1"',
    });
  });

  it('refuses a list with an entry removed after signing', async () => {
    server.on('GET /api/v1/clients/app/products/7/revocations', () => ({
      json: { ...signDocument(REVOCATION_LIST_FORMAT, revoked, productKey.privateKey), machines: [] },
    }));
    await expect(client.revocations({ hardwareFingerprint: FINGERPRINT, since: revoked.since })).rejects.toMatchObject({
      reason: 'bad-signature',
    });
  });

  it('refuses an old list replayed by a proxy', async () => {
    const old = { ...revoked, issued_at: signedTime(Date.now() - 2 * 86_400_000) };
    server.on('GET /api/v1/clients/app/products/7/revocations', () => ({
      json: signDocument(REVOCATION_LIST_FORMAT, old, productKey.privateKey),
    }));
    await expect(client.revocations({ hardwareFingerprint: FINGERPRINT, since: revoked.since })).rejects.toMatchObject({
      reason: 'stale',
    });
  });

  it('refuses a list signed for an older request (another since)', async () => {
    server.on('GET /api/v1/clients/app/products/7/revocations', () => ({
      json: signDocument(REVOCATION_LIST_FORMAT, revoked, productKey.privateKey),
    }));
    await expect(
      client.revocations({ hardwareFingerprint: FINGERPRINT, since: '2026-04-01T00:00:00Z' }),
    ).rejects.toMatchObject({ reason: 'wrong-request' });
  });
});

describe('checkForUpdates and download', () => {
  const content = Buffer.from('a build file, streamed '.repeat(5000));
  const updateFor = (files: { name: string; size: number; sha256: string; url: string }[]) => ({
    product_id: PRODUCT_ID,
    hardware_fingerprint: FINGERPRINT,
    current_version: '1.2.3',
    os: 'macOS',
    issued_at: now(),
    update_available: true,
    release_id: 12,
    version: '1.3.0.45',
    unlocks_without_license: false,
    files: files.map((file) => ({ ...file, url_expires_at: signedTime(Date.now() + 3_600_000) })),
  });
  const goodFile = {
    name: 'Reverb.pkg',
    size: content.length,
    sha256: sha256(content),
    url: '/api/v1/clients/app/downloads/55?expires=1790000000&signature=abc',
  };

  const checkUpdate = async (files: (typeof goodFile)[]) => {
    server.on('POST /api/v1/clients/app/update-checks', () => ({
      json: signDocument(UPDATE_ANSWER_FORMAT, updateFor(files), productKey.privateKey),
      headers: { etag: '"u1"' },
    }));
    const answer = await client.checkForUpdates({
      hardwareFingerprint: FINGERPRINT,
      serial: SERIAL,
      currentVersion: '1.2.3',
      os: 'macOS',
    });
    if (answer.notModified) throw new Error('expected an answer');
    return answer;
  };

  it('answers the verified update and downloads its file, checked', async () => {
    server.on('GET /api/v1/clients/app/downloads/55', () => ({ bytes: content }));
    const answer = await checkUpdate([goodFile]);
    expect(server.requests[0].body).toEqual({
      product_id: PRODUCT_ID,
      hardware_fingerprint: FINGERPRINT,
      serial: SERIAL,
      current_version: '1.2.3',
      os: 'macOS',
    });
    expect(answer).toMatchObject({ etag: '"u1"', document: { update_available: true, version: '1.3.0.45' } });
    const destination = join(folder, 'Reverb.pkg');
    await expect(client.download(answer.document.files[0], destination)).resolves.toEqual({
      path: destination,
      size: content.length,
      sha256: goodFile.sha256,
    });
    expect(server.requests[1].path).toBe(goodFile.url);
    expect(readFileSync(destination).equals(content)).toBe(true);
  });

  it('refuses an answer for another version or OS than asked', async () => {
    server.on('POST /api/v1/clients/app/update-checks', () => ({
      json: signDocument(UPDATE_ANSWER_FORMAT, { ...updateFor([]), os: 'Windows' }, productKey.privateKey),
    }));
    await expect(
      client.checkForUpdates({ hardwareFingerprint: FINGERPRINT, currentVersion: '1.2.3', os: 'macOS' }),
    ).rejects.toMatchObject({ reason: 'wrong-request' });
  });

  it.each([
    ['other bytes of the same size', Buffer.from(content).fill(0x41, 0, 1), /SHA-256/],
    ['a shorter file', content.subarray(1), /bytes/],
    ['a longer file', Buffer.concat([content, Buffer.from('!')]), /larger/],
  ])('deletes %s and throws', async (_name, served, message) => {
    server.on('GET /api/v1/clients/app/downloads/55', () => ({ bytes: served }));
    const answer = await checkUpdate([goodFile]);
    const destination = join(folder, 'Reverb.pkg');
    const error = await client.download(answer.document.files[0], destination).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(DownloadIntegrityError);
    expect((error as Error).message).toMatch(message);
    expect(existsSync(destination)).toBe(false);
    expect(existsSync(`${destination}.part`)).toBe(false);
  });

  it('throws a clear error when the link has expired', async () => {
    server.on('GET /api/v1/clients/app/downloads/55', () => ({
      status: 403,
      json: { message: ['The download link has expired.'] },
    }));
    const answer = await checkUpdate([goodFile]);
    await expect(client.download(answer.document.files[0], join(folder, 'Reverb.pkg'))).rejects.toMatchObject({
      status: 403,
      message: expect.stringMatching(/expired/),
    });
  });
});
