import { execFile, execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LICENSE_FILE_FORMAT, LICENSE_FILE_V2_FORMAT } from 'signed-formats';
import { LoopbackServer } from '../../client-js/src/test-support/loopback-server';
import { signDocument, testProductKey } from '../../client-js/src/test-support/test-signer';
import { licenseClaims, SAMPLE_SERIAL, signedTime } from '../../client-js/src/test-support/sample-claims';

// The example plugin asks for licence file version 2, verifies it with the C++ library and acts on its terms.
const PLUGIN = join(__dirname, '..', 'build', 'producthub-plugin');
const PRODUCT_ID = 7;
const FINGERPRINT = 'HWFP2-3F9A-77C1-0B5E-D24C';
const key = testProductKey();
const API = '/api/v1/clients/app';
const DAY = 86_400_000;

const server = new LoopbackServer();
let stateDir: string;

beforeAll(async () => {
  execFileSync('make', ['-s', '-C', join(__dirname, '..'), 'all'], { stdio: 'inherit' });
  await server.start();
});
afterAll(() => server.stop());
beforeEach(() => {
  server.requests.length = 0;
  stateDir = mkdtempSync(join(tmpdir(), 'producthub-plugin-features-'));
});
afterEach(() => rmSync(stateDir, { recursive: true, force: true }));

function plugin(command: string, ...extra: string[]): Promise<{ exit: number; output: Record<string, unknown> }> {
  const args = [command, '--server', server.url, '--product-id', String(PRODUCT_ID), '--public-key', key.publicKeyBase64, '--fingerprint', FINGERPRINT, '--state-dir', stateDir, ...extra];
  return new Promise((resolve) => {
    execFile(PLUGIN, args, (error, stdout) => resolve({ exit: error ? Number(error.code) : 0, output: JSON.parse(stdout) as Record<string, unknown> }));
  });
}

const v2Claims = (terms: Record<string, unknown>) => ({
  ...licenseClaims(FINGERPRINT),
  format_version: 2,
  expires_at: null,
  grace_days: 0,
  maintenance_ends_at: null,
  edition: null,
  features: [],
  ...terms,
});
const answerWith = (claims: Record<string, unknown>) =>
  server.on(`POST ${API}/activations`, () => ({ json: signDocument(LICENSE_FILE_V2_FORMAT, claims, key.privateKey) }));

describe('licence file version 2 in the example plugin', () => {
  it('asks for version 2, saves it and shows the edition, features and terms; `features` reads them offline', async () => {
    const expiresAt = signedTime(Date.now() + 30 * DAY);
    answerWith(v2Claims({ expires_at: expiresAt, grace_days: 7, edition: 'Pro', features: [{ key: 'stems' }, { key: 'surround' }] }));
    const run = await plugin('activate', '--serial', SAMPLE_SERIAL, '--license-file-version', '2');
    expect(run.exit).toBe(0);
    expect((server.requests[0]!.body as Record<string, unknown>).license_file_version).toBe(2);
    const terms = { format_version: 2, edition: 'Pro', features: ['stems', 'surround'], expires_at: expiresAt, grace_days: 7, expired: false, maintenance_ends_at: null };
    expect(run.output).toMatchObject(terms);
    expect(JSON.parse(readFileSync(join(stateDir, 'license.ops'), 'utf8'))).toMatchObject({ format_version: 2, edition: 'Pro' });
    server.requests.length = 0;
    expect(await plugin('features')).toEqual({ exit: 0, output: expect.objectContaining({ ...terms, serial: SAMPLE_SERIAL }) });
    expect(server.requests).toHaveLength(0);
  });

  it('within the grace the licence still works; past expiry plus grace `features` refuses it', async () => {
    answerWith(v2Claims({ expires_at: signedTime(Date.now() - 3 * DAY), grace_days: 7 }));
    expect(await plugin('activate', '--serial', SAMPLE_SERIAL, '--license-file-version', '2')).toMatchObject({ exit: 0, output: { expired: false } });
    answerWith(v2Claims({ expires_at: signedTime(Date.now() - 3 * DAY), grace_days: 2 }));
    expect(await plugin('activate', '--serial', SAMPLE_SERIAL, '--license-file-version', '2')).toMatchObject({ exit: 0, output: { expired: true } });
    expect(await plugin('features')).toMatchObject({ exit: 1, output: { expired: true, message: expect.stringMatching(/expired on/) } });
  });

  it('refuses a version 1 answer to a request for version 2 and a tampered feature, saving nothing', async () => {
    server.on(`POST ${API}/activations`, () => ({ json: signDocument(LICENSE_FILE_FORMAT, licenseClaims(FINGERPRINT), key.privateKey) }));
    expect(await plugin('activate', '--serial', SAMPLE_SERIAL, '--license-file-version', '2')).toMatchObject({ exit: 3, output: { reason: 'unsupported-version' } });
    server.on(`POST ${API}/activations`, () => ({
      json: { ...signDocument(LICENSE_FILE_V2_FORMAT, v2Claims({}), key.privateKey), features: [{ key: 'surround' }] },
    }));
    expect(await plugin('activate', '--serial', SAMPLE_SERIAL, '--license-file-version', '2')).toMatchObject({ exit: 3, output: { reason: 'bad-signature' } });
    expect(await plugin('features')).toMatchObject({ exit: 3, output: { reason: 'missing' } });
  });

  it('a version 1 file shows no edition, no features and never expires; a bad version is a wrong call', async () => {
    server.on(`POST ${API}/activations`, () => ({ json: signDocument(LICENSE_FILE_FORMAT, licenseClaims(FINGERPRINT), key.privateKey) }));
    expect(await plugin('activate', '--serial', SAMPLE_SERIAL)).toMatchObject({ exit: 0 });
    expect((server.requests[0]!.body as Record<string, unknown>).license_file_version).toBeUndefined();
    expect(await plugin('features')).toMatchObject({ exit: 0, output: { format_version: 1, edition: null, features: [], expires_at: null, expired: false } });
    expect(await plugin('activate', '--serial', SAMPLE_SERIAL, '--license-file-version', '3')).toMatchObject({ exit: 2 });
  });
});
