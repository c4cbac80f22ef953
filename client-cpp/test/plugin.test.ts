import { execFile, execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { LICENSE_FILE_FORMAT, REVOCATION_LIST_FORMAT, STATE_DOCUMENT_FORMAT, TRIAL_FILE_FORMAT, UPDATE_ANSWER_FORMAT } from 'signed-formats';
import { LoopbackServer } from '../../client-js/src/test-support/loopback-server';
import { signDocument, testProductKey } from '../../client-js/src/test-support/test-signer';
import { licenseClaims, SAMPLE_SERIAL, signedTime } from '../../client-js/src/test-support/sample-claims';

// The C++ library verifies documents the TypeScript signer made: the two encoders must agree byte for byte.
const PLUGIN = join(__dirname, '..', 'build', 'producthub-plugin');
const PRODUCT_ID = 7;
const FINGERPRINT = 'Mac=Pro | ÄÖÜ | 機械 | 🎹';
const SERIAL = SAMPLE_SERIAL;
const key = testProductKey();
const otherKey = testProductKey();
const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest('hex');
const API = '/api/v1/clients/app';
// These cases ask for the version 1 answers (the example asks for version 2 by default: plugin-models.test.ts).
const V1 = ['--answer-version', '1'];

const server = new LoopbackServer();
let stateDir: string;

beforeAll(async () => {
  execFileSync('make', ['-s', '-C', join(__dirname, '..'), 'all'], { stdio: 'inherit' });
  await server.start();
});
afterAll(() => server.stop());
beforeEach(() => {
  server.requests.length = 0;
  stateDir = mkdtempSync(join(tmpdir(), 'producthub-plugin-'));
});
afterEach(() => rmSync(stateDir, { recursive: true, force: true }));

interface PluginRun {
  exit: number;
  output: Record<string, unknown>;
}

function plugin(command: string, ...extra: string[]): Promise<PluginRun> {
  const args = [command, '--server', server.url, '--product-id', String(PRODUCT_ID), '--public-key', key.publicKeyBase64, '--fingerprint', FINGERPRINT, '--state-dir', stateDir, ...extra];
  return new Promise((resolve) => {
    execFile(PLUGIN, args, (error, stdout) => resolve({ exit: error ? Number(error.code) : 0, output: JSON.parse(stdout) as Record<string, unknown> }));
  });
}


async function activated() {
  server.on(`POST ${API}/activations`, () => ({ json: signDocument(LICENSE_FILE_FORMAT, licenseClaims(FINGERPRINT), key.privateKey) }));
  expect(await plugin('activate', '--serial', SERIAL.toLowerCase())).toMatchObject({ exit: 0 });
  server.requests.length = 0;
}

describe('trial', () => {
  const trial = { product_id: PRODUCT_ID, hardware_fingerprint: FINGERPRINT, started_at: signedTime(Date.now()), expires_at: signedTime(Date.now() + 14 * 86_400_000), issued_at: signedTime(Date.now()) };

  it('starts a trial, saves the trial file and verifies it offline', async () => {
    server.on(`POST ${API}/trials`, () => ({ status: 201, json: signDocument(TRIAL_FILE_FORMAT, trial, key.privateKey) }));
    const run = await plugin('trial');
    expect(run).toEqual({ exit: 0, output: expect.objectContaining({ ok: true, created: true, expired: false, expires_at: trial.expires_at }) });
    expect(server.requests[0].body).toEqual({ product_id: PRODUCT_ID, hardware_fingerprint: FINGERPRINT });
    expect(await plugin('verify')).toEqual({ exit: 0, output: expect.objectContaining({ kind: 'trial' }) });
  });

  it('refuses a trial signed with another key and saves nothing', async () => {
    server.on(`POST ${API}/trials`, () => ({ status: 201, json: signDocument(TRIAL_FILE_FORMAT, trial, otherKey.privateKey) }));
    expect(await plugin('trial')).toEqual({ exit: 3, output: expect.objectContaining({ ok: false, reason: 'bad-signature' }) });
    expect(existsSync(join(stateDir, 'trial.json'))).toBe(false);
  });

  it('reports an ended trial offline as expired', async () => {
    const ended = { ...trial, started_at: '2026-01-01T00:00:00Z', expires_at: '2026-01-15T00:00:00Z' };
    server.on(`POST ${API}/trials`, () => ({ json: signDocument(TRIAL_FILE_FORMAT, ended, key.privateKey) }));
    expect(await plugin('trial')).toMatchObject({ exit: 0, output: { created: false, expired: true } });
    expect(await plugin('verify')).toMatchObject({ exit: 3, output: { reason: 'expired' } });
  });

  it("passes the server's refusal on with exit 1 and its messages", async () => {
    server.on(`POST ${API}/trials`, () => ({ status: 429, json: { message: ['Too many requests.'] }, headers: { 'retry-after': '30' } }));
    expect(await plugin('trial')).toEqual({ exit: 1, output: expect.objectContaining({ status: 429, messages: ['Too many requests.'], retry_after_seconds: 30 }) });
  });
});

describe('licence', () => {
  it('activates with the normalised serial, saves license.ops and verifies it offline', async () => {
    await activated();
    expect(JSON.parse(readFileSync(join(stateDir, 'license.ops'), 'utf8'))).toMatchObject({ serial: SERIAL });
    expect(await plugin('verify')).toEqual({ exit: 0, output: expect.objectContaining({ kind: 'license', serial: SERIAL }) });
  });

  it("reports the host name as the machine's name by default, the one given with --machine-name, or none with an empty one", async () => {
    server.on(`POST ${API}/activations`, () => ({ json: signDocument(LICENSE_FILE_FORMAT, licenseClaims(FINGERPRINT), key.privateKey) }));
    expect(await plugin('activate', '--serial', SERIAL)).toMatchObject({ exit: 0 });
    expect(await plugin('activate', '--serial', SERIAL, '--machine-name', '  Studio Mac – Raum 2 ')).toMatchObject({ exit: 0 });
    expect(await plugin('activate', '--serial', SERIAL, '--machine-name', '')).toMatchObject({ exit: 0 });
    const sent = server.requests.map((request) => request.body as Record<string, unknown>);
    expect(sent.map((body) => body.machine_name)).toEqual([hostname().trim().slice(0, 64).trim(), 'Studio Mac – Raum 2', undefined]);
    expect(Object.keys(sent[2])).not.toContain('machine_name');
  });

  it("passes the server's refusal of a machine name on with exit 1 and saves nothing", async () => {
    server.on(`POST ${API}/activations`, () => ({ status: 400, json: { message: ['The machine name must be at most 64 characters long.'] } }));
    expect(await plugin('activate', '--serial', SERIAL, '--machine-name', 'x'.repeat(65))).toEqual({
      exit: 1,
      output: expect.objectContaining({ status: 400, messages: ['The machine name must be at most 64 characters long.'] }),
    });
    expect(existsSync(join(stateDir, 'license.ops'))).toBe(false);
  });

  it('refuses a licence file for another machine', async () => {
    server.on(`POST ${API}/activations`, () => ({ json: signDocument(LICENSE_FILE_FORMAT, licenseClaims(FINGERPRINT, { hardware_fingerprint: 'HWFP2-other' }), key.privateKey) }));
    expect(await plugin('activate', '--serial', SERIAL)).toMatchObject({ exit: 3, output: { reason: 'wrong-fingerprint' } });
  });

  it('withdraws the licence file when the signed state says the licence is disabled', async () => {
    await activated();
    server.on(`POST ${API}/validations`, (request) => {
      const { nonce } = request.body as { nonce: string };
      const state = { product_id: PRODUCT_ID, serial: SERIAL, hardware_fingerprint: FINGERPRINT, nonce, license_enabled: false, disabled_reason: 'FraudulentUse', machine_activated: true, issued_at: signedTime(Date.now()) };
      return { json: signDocument(STATE_DOCUMENT_FORMAT, state, key.privateKey) };
    });
    expect(await plugin('validate', ...V1)).toMatchObject({ exit: 0, output: { license_enabled: false, disabled_reason: 'FraudulentUse', withdrawn: true } });
    expect((server.requests[0].body as { nonce: string }).nonce).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(existsSync(join(stateDir, 'license.ops'))).toBe(false);
  });

  it('refuses a state signed for another nonce and keeps the file', async () => {
    await activated();
    const state = { product_id: PRODUCT_ID, serial: SERIAL, hardware_fingerprint: FINGERPRINT, nonce: 'replayed-nonce-0123456789', license_enabled: false, disabled_reason: 'FraudulentUse', machine_activated: false, issued_at: signedTime(Date.now()) };
    server.on(`POST ${API}/validations`, () => ({ json: signDocument(STATE_DOCUMENT_FORMAT, state, key.privateKey) }));
    expect(await plugin('validate', ...V1)).toMatchObject({ exit: 3, output: { reason: 'wrong-nonce' } });
    expect(existsSync(join(stateDir, 'license.ops'))).toBe(true);
  });

  it('deactivates and deletes the licence file', async () => {
    await activated();
    server.on(`POST ${API}/deactivations`, () => ({ json: { serial: SERIAL, hardware_fingerprint: FINGERPRINT, deactivated_at: signedTime(Date.now()), deactivations_left: 2 } }));
    expect(await plugin('deactivate')).toMatchObject({ exit: 0, output: { deactivations_left: 2 } });
    expect(server.requests[0].body).toEqual({ product_id: PRODUCT_ID, serial: SERIAL, hardware_fingerprint: FINGERPRINT });
    expect(existsSync(join(stateDir, 'license.ops'))).toBe(false);
  });
});

describe('revocations', () => {
  const list = (since: string, complete: boolean, machines: { machine_sha256: string; deactivated_at: string }[]) => ({
    product_id: PRODUCT_ID,
    hardware_fingerprint: FINGERPRINT,
    since,
    issued_at: signedTime(Date.now()),
    complete,
    licenses: [{ serial_sha256: sha256('ZZZZZ-ZZZZZ-ZZZZZ-ZZZZZ-ZZZZZ'), disabled_reason: 'CancelledOrder', changed_at: '2026-03-02T00:00:00Z' }],
    machines,
  });

  it('follows incomplete pages and withdraws the file of a deactivated machine', async () => {
    await activated();
    server.on(`GET ${API}/products/7/revocations`, (request) =>
      request.path.includes('since=')
        ? { json: signDocument(REVOCATION_LIST_FORMAT, list('2026-03-02T00:00:00Z', true, [{ machine_sha256: sha256(`${SERIAL}\n${FINGERPRINT}`), deactivated_at: '2026-03-04T00:00:00Z' }]), key.privateKey) }
        : { json: signDocument(REVOCATION_LIST_FORMAT, list('', false, []), key.privateKey) },
    );
    expect(await plugin('revocations')).toMatchObject({ exit: 0, output: { licenses: 2, machines: 1, withdrawn: true, withdrawal: 'machine-deactivated' } });
    expect(server.requests.map((request) => request.path)).toEqual([
      `${API}/products/7/revocations?hardware_fingerprint=${encodeURIComponent(FINGERPRINT)}`,
      `${API}/products/7/revocations?hardware_fingerprint=${encodeURIComponent(FINGERPRINT)}&since=2026-03-02T00%3A00%3A00Z`,
    ]);
    expect(existsSync(join(stateDir, 'license.ops'))).toBe(false);
  });

  it('refuses an old list replayed by a proxy', async () => {
    await activated();
    const old = { ...list('', true, []), issued_at: signedTime(Date.now() - 2 * 86_400_000) };
    server.on(`GET ${API}/products/7/revocations`, () => ({ json: signDocument(REVOCATION_LIST_FORMAT, old, key.privateKey) }));
    expect(await plugin('revocations')).toMatchObject({ exit: 3, output: { reason: 'stale' } });
    expect(existsSync(join(stateDir, 'license.ops'))).toBe(true);
  });

  it('keeps the file when the list does not name it, and refuses a list with an entry removed', async () => {
    await activated();
    server.on(`GET ${API}/products/7/revocations`, () => ({ json: signDocument(REVOCATION_LIST_FORMAT, list('', true, []), key.privateKey) }));
    expect(await plugin('revocations')).toMatchObject({ exit: 0, output: { withdrawn: false } });
    server.on(`GET ${API}/products/7/revocations`, () => ({ json: { ...signDocument(REVOCATION_LIST_FORMAT, list('', true, []), key.privateKey), licenses: [] } }));
    expect(await plugin('revocations')).toMatchObject({ exit: 3, output: { reason: 'bad-signature' } });
    expect(existsSync(join(stateDir, 'license.ops'))).toBe(true);
  });
});

describe('updates', () => {
  const content = Buffer.from('a plugin build, '.repeat(20_000));
  const update = (sha: string) => ({
    product_id: PRODUCT_ID,
    hardware_fingerprint: FINGERPRINT,
    current_version: '1.2.3',
    os: 'Windows',
    issued_at: signedTime(Date.now()),
    update_available: true,
    release_id: 12,
    version: '1.3.0.45',
    unlocks_without_license: false,
    files: [{ name: 'Reverb Setup.exe', size: content.length, sha256: sha, url: `${API}/downloads/55?expires=1790000000&signature=abc`, url_expires_at: signedTime(Date.now() + 3_600_000) }],
  });

  it('checks for updates with the saved serial and downloads the file it signed', async () => {
    await activated();
    server.on(`POST ${API}/update-checks`, () => ({ json: signDocument(UPDATE_ANSWER_FORMAT, update(sha256(content)), key.privateKey) }));
    server.on(`GET ${API}/downloads/55`, () => ({ bytes: content }));
    expect(await plugin('check-updates', ...V1, '--current-version', '1.2.3', '--os', 'Windows')).toMatchObject({ exit: 0, output: { update_available: true, version: '1.3.0.45' } });
    expect(server.requests[0].body).toEqual({ product_id: PRODUCT_ID, hardware_fingerprint: FINGERPRINT, serial: SERIAL, current_version: '1.2.3', os: 'Windows' });
    const out = join(stateDir, 'downloads');
    expect(await plugin('download', ...V1, '--current-version', '1.2.3', '--os', 'Windows', '--out', out)).toMatchObject({ exit: 0, output: { files: [{ name: 'Reverb Setup.exe', size: content.length, sha256: sha256(content) }] } });
    expect(readFileSync(join(out, 'Reverb Setup.exe')).equals(content)).toBe(true);
  });

  it('deletes a download whose SHA-256 is not the signed one and exits 5', async () => {
    server.on(`POST ${API}/update-checks`, () => ({ json: signDocument(UPDATE_ANSWER_FORMAT, update(sha256('something else')), key.privateKey) }));
    server.on(`GET ${API}/downloads/55`, () => ({ bytes: content }));
    const out = join(stateDir, 'downloads');
    expect(await plugin('download', ...V1, '--current-version', '1.2.3', '--os', 'Windows', '--out', out)).toMatchObject({ exit: 5, output: { ok: false } });
    expect(existsSync(join(out, 'Reverb Setup.exe'))).toBe(false);
    expect(existsSync(join(out, 'Reverb Setup.exe.part'))).toBe(false);
  });

  it('refuses an answer for another OS than asked', async () => {
    server.on(`POST ${API}/update-checks`, () => ({ json: signDocument(UPDATE_ANSWER_FORMAT, update(sha256(content)), key.privateKey) }));
    expect(await plugin('check-updates', ...V1, '--current-version', '1.2.3', '--os', 'macOS')).toMatchObject({ exit: 3, output: { reason: 'wrong-request' } });
  });

  it('passes an expired link on as a refusal', async () => {
    server.on(`POST ${API}/update-checks`, () => ({ json: signDocument(UPDATE_ANSWER_FORMAT, update(sha256(content)), key.privateKey) }));
    server.on(`GET ${API}/downloads/55`, () => ({ status: 403, json: { message: ['The download link has expired.'] } }));
    expect(await plugin('download', ...V1, '--current-version', '1.2.3', '--os', 'Windows', '--out', stateDir)).toMatchObject({ exit: 1, output: { status: 403, messages: ['The download link has expired.'] } });
  });
});
