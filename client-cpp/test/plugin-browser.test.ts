import { execFile, execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LICENSE_FILE_FORMAT, LICENSE_FILE_V2_FORMAT } from 'signed-formats';
import { LoopbackServer, type Answer } from '../../client-js/src/test-support/loopback-server';
import { signDocument, testProductKey } from '../../client-js/src/test-support/test-signer';
import { licenseClaims } from '../../client-js/src/test-support/sample-claims';

// The example plugin's activate-in-browser, on the library's startBrowserActivation and waitForBrowserActivation,
// against a loopback server whose answers each test sets (one-second intervals keep it quick).
const PLUGIN = join(__dirname, '..', 'build', 'producthub-plugin');
const PRODUCT_ID = 7;
const FINGERPRINT = 'HWFP2-CPP-BROWSER';
const API = '/api/v1/clients/app';
const key = testProductKey();
const otherKey = testProductKey();

const server = new LoopbackServer();
let stateDir: string;

beforeAll(async () => {
  execFileSync('make', ['-s', '-C', join(__dirname, '..'), 'all'], { stdio: 'inherit' });
  await server.start();
});
afterAll(() => server.stop());
beforeEach(() => {
  server.requests.length = 0;
  stateDir = mkdtempSync(join(tmpdir(), 'producthub-browser-'));
  server.on(`POST ${API}/browser-activations`, () => ({
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
afterEach(() => rmSync(stateDir, { recursive: true, force: true }));

interface Run {
  exit: number;
  output: Record<string, unknown>;
  stderr: string;
}

function activateInBrowser(...extra: string[]): Promise<Run> {
  const args = ['activate-in-browser', '--server', server.url, '--product-id', String(PRODUCT_ID), '--public-key', key.publicKeyBase64];
  args.push('--fingerprint', FINGERPRINT, '--state-dir', stateDir, '--open-browser', 'no', '--machine-name', 'Studio Mac', ...extra);
  return new Promise((resolve) => {
    execFile(PLUGIN, args, (error, stdout, stderr) =>
      resolve({ exit: error ? Number(error.code) : 0, output: JSON.parse(stdout) as Record<string, unknown>, stderr }),
    );
  });
}

/** Answers the polls in turn, the last one from then on. */
function polls(...answers: Answer[]) {
  let n = 0;
  server.on(`POST ${API}/browser-activations/poll`, () => answers[Math.min(n++, answers.length - 1)]);
}
const pending = (error: string, interval = 1): Answer => ({ status: 400, json: { message: ['Waiting.'], error, interval } });
const licence = (signer = key): Answer => ({ json: signDocument(LICENSE_FILE_FORMAT, licenseClaims(FINGERPRINT), signer.privateKey) });
const pollCount = () => server.requests.filter((request) => request.path.endsWith('/poll')).length;

describe('activate-in-browser', () => {
  it('starts, prints the address and code, polls until approved and saves the verified licence file', async () => {
    polls(pending('authorization_pending'), pending('slow_down', 2), licence());
    const began = Date.now();
    const run = await activateInBrowser();
    expect(run).toMatchObject({ exit: 0, output: { ok: true, outcome: 'activated', user_code: 'BCDF-GHJK' } });
    expect(run.stderr).toContain(`open ${server.url}/portal/aurora-audio/activate?code=BCDF-GHJK`);
    expect(run.stderr).toContain('the code BCDF-GHJK');
    expect(server.requests[0].body).toEqual({
      product_id: PRODUCT_ID,
      hardware_fingerprint: FINGERPRINT,
      hardware_fingerprint_version: 2,
      signature_seed_version: 5,
      machine_name: 'Studio Mac',
    });
    expect(server.requests[1].body).toEqual({ product_id: PRODUCT_ID, device_code: 'device-secret', hardware_fingerprint: FINGERPRINT });
    // 1 s, then 1 s, then the 2 s slow_down asked for.
    expect(pollCount()).toBe(3);
    expect(Date.now() - began).toBeGreaterThanOrEqual(3900);
    const saved = readFileSync(join(stateDir, 'license.ops'), 'utf8');
    expect(JSON.parse(saved)).toMatchObject({ hardware_fingerprint: FINGERPRINT });
  });

  it.each([
    ['access_denied', 'denied'],
    ['expired_token', 'expired'],
  ])('ends with exit 1 on %s and saves nothing', async (error, outcome) => {
    polls(pending(error));
    const run = await activateInBrowser();
    expect(run).toMatchObject({ exit: 1, output: { ok: false, outcome, status: 400 } });
    expect(existsSync(join(stateDir, 'license.ops'))).toBe(false);
  });

  it('ends with exit 1 and "unknown" when the server no longer knows the code', async () => {
    polls({ status: 404, json: { message: ['Activation request not found'] } });
    expect(await activateInBrowser()).toMatchObject({
      exit: 1,
      output: { outcome: 'unknown', message: 'Activation request not found' },
    });
  });

  it('refuses a licence file signed with another key (exit 3) and saves nothing', async () => {
    polls(licence(otherKey));
    expect(await activateInBrowser()).toMatchObject({ exit: 3, output: { reason: 'bad-signature' } });
    expect(existsSync(join(stateDir, 'license.ops'))).toBe(false);
  });

  it('waits out a 503 and polls again', async () => {
    polls({ status: 503, json: { message: ['Down.'] } }, licence());
    expect(await activateInBrowser()).toMatchObject({ exit: 0, output: { outcome: 'activated' } });
    expect(pollCount()).toBe(2);
  });

  it('asks for licence file version 2 with --license-file-version 2, saves it, and refuses a version 1 answer', async () => {
    const v2: Answer = {
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
        key.privateKey,
      ),
    };
    polls(v2);
    expect(await activateInBrowser('--license-file-version', '2')).toMatchObject({ exit: 0, output: { outcome: 'activated' } });
    expect(server.requests[0].body).toMatchObject({ license_file_version: 2 });
    expect(JSON.parse(readFileSync(join(stateDir, 'license.ops'), 'utf8'))).toMatchObject({ format_version: 2, edition: 'Pro' });

    rmSync(join(stateDir, 'license.ops'));
    server.requests.length = 0;
    polls(licence());
    expect(await activateInBrowser('--license-file-version', '2')).toMatchObject({ exit: 3, output: { reason: 'unsupported-version' } });
    expect(existsSync(join(stateDir, 'license.ops'))).toBe(false);
    expect((await activateInBrowser('--license-file-version', '3')).exit).not.toBe(0);
  });

  it("passes a refused start on with exit 1 and the server's words", async () => {
    server.on(`POST ${API}/browser-activations`, () => ({ status: 404, json: { message: ['Product not found'] } }));
    expect(await activateInBrowser()).toMatchObject({ exit: 1, output: { status: 404, messages: ['Product not found'] } });
    expect(pollCount()).toBe(0);
  });
});
