import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LICENSE_FILE_FORMAT, readOfflineRequest, STATE_DOCUMENT_FORMAT, TRIAL_FILE_FORMAT } from 'signed-formats';
import { LoopbackServer, type Answer } from '../../client-js/src/test-support/loopback-server';
import { signDocument, testProductKey } from '../../client-js/src/test-support/test-signer';
import { licenseClaims, SAMPLE_SERIAL, signedTime } from '../../client-js/src/test-support/sample-claims';

// The JUCE module's ActivationController on a real message loop (build/producthub_controller_driver), against a
// loopback server that signs with a test key: the state after each step, the gate it published, and the files kept.
// The driver is built by scripts/test-clients.mjs (cmake); run alone: `node scripts/test-juce.mjs`.
const DRIVER = join(__dirname, '..', 'build', 'producthub_controller_driver');
const PRODUCT_ID = 7;
const FINGERPRINT = 'HWFP2-JUCE | Ünïcode | 音';
const API = '/api/v1/clients/app';
const DAY = 86_400_000;
const key = testProductKey();
const otherKey = testProductKey();

const server = new LoopbackServer();
let stateDir: string;

interface StepState {
  step: string;
  status: string;
  days_left: number;
  serial: string;
  problem: string;
  problem_message: string;
  gate_open: boolean;
  feature_0: boolean;
  feature_1: boolean;
  [name: string]: unknown;
}

beforeAll(() => server.start());
afterAll(() => server.stop());
beforeEach(() => {
  server.requests.length = 0;
  stateDir = mkdtempSync(join(tmpdir(), 'producthub-juce-'));
});
afterEach(() => rmSync(stateDir, { recursive: true, force: true }));

/** Runs the driver through `steps`; answers the state printed after each. */
function drive(steps: string[], extra: string[] = []): Promise<StepState[]> {
  const args = ['--server', server.url, '--product-id', String(PRODUCT_ID), '--public-key', key.publicKeyBase64, '--fingerprint', FINGERPRINT];
  args.push('--state-dir', stateDir, '--machine-name', 'Studio Mac', ...extra, ...steps);
  return new Promise((resolve, reject) => {
    execFile(DRIVER, args, { timeout: 50_000 }, (error, stdout, stderr) => {
      if (error) return reject(new Error(`${error.message}\n${stderr}`));
      resolve(stdout.trim().split('\n').map((line) => JSON.parse(line) as StepState));
    });
  });
}

const trialAnswer = (days: number, signer = key): Answer => ({
  status: 201,
  json: signDocument(
    TRIAL_FILE_FORMAT,
    { product_id: PRODUCT_ID, hardware_fingerprint: FINGERPRINT, started_at: signedTime(Date.now() - DAY), expires_at: signedTime(Date.now() + days * DAY - 60_000), issued_at: signedTime(Date.now()) },
    signer.privateKey,
  ),
});
const licenceAnswer = (overrides: Record<string, unknown> = {}, signer = key): Answer => ({
  json: signDocument(LICENSE_FILE_FORMAT, licenseClaims(FINGERPRINT, overrides), signer.privateKey),
});
function stateAnswers(enabled: boolean, activated: boolean, signer = key) {
  server.on(`POST ${API}/validations`, (request) => {
    const { nonce } = request.body as { nonce: string };
    const state = { product_id: PRODUCT_ID, serial: SAMPLE_SERIAL, hardware_fingerprint: FINGERPRINT, nonce, license_enabled: enabled, disabled_reason: enabled ? '' : 'FraudulentUse', machine_activated: activated, issued_at: signedTime(Date.now()) };
    return { json: signDocument(STATE_DOCUMENT_FORMAT, state, signer.privateKey) };
  });
}

describe('at start, offline', () => {
  it('is unlicensed with the gate closed when nothing is stored', async () => {
    const [state] = await drive(['load']);
    expect(state).toMatchObject({ status: 'unlicensed', gate_open: false, feature_0: false, problem: 'none' });
    expect(server.requests).toHaveLength(0);
  });
});

describe('trial', () => {
  it('starts a trial with days left, opens the gate for the trial features and keeps the file for the next start', async () => {
    server.on(`POST ${API}/trials`, () => trialAnswer(14));
    const [state] = await drive(['trial']);
    expect(state).toMatchObject({ status: 'trial', days_left: 14, gate_open: true, feature_0: true, feature_1: false, notified_on_message_thread: true });
    expect(server.requests[0].body).toEqual({ product_id: PRODUCT_ID, hardware_fingerprint: FINGERPRINT });
    const [again] = await drive(['load']);
    expect(again).toMatchObject({ status: 'trial', days_left: 14 });
  });

  it('reports an ended trial as expired with the gate closed', async () => {
    server.on(`POST ${API}/trials`, () => ({
      json: signDocument(TRIAL_FILE_FORMAT, { product_id: PRODUCT_ID, hardware_fingerprint: FINGERPRINT, started_at: '2026-01-01T00:00:00Z', expires_at: '2026-01-15T00:00:00Z', issued_at: signedTime(Date.now()) }, key.privateKey),
    }));
    expect((await drive(['trial']))[0]).toMatchObject({ status: 'trial-expired', days_left: 0, gate_open: false });
  });

  it('ignores a trial signed with another key and keeps nothing', async () => {
    server.on(`POST ${API}/trials`, () => trialAnswer(14, otherKey));
    const [state] = await drive(['trial']);
    expect(state).toMatchObject({ status: 'unlicensed', problem: 'untrusted', gate_open: false });
    expect(state.problem_message).toContain('could not be verified (bad-signature)');
    expect(existsSync(join(stateDir, 'trial.json'))).toBe(false);
  });

  it("passes the server's refusal on in its words, and a 429 with the wait", async () => {
    server.on(`POST ${API}/trials`, () => ({ status: 409, json: { message: ['This product has no trial.'] } }));
    expect((await drive(['trial']))[0]).toMatchObject({ status: 'unlicensed', problem: 'refused', problem_status: 409, problem_message: 'This product has no trial.' });
    server.on(`POST ${API}/trials`, () => ({ status: 429, json: { message: ['Too many requests.'] }, headers: { 'retry-after': '30' } }));
    expect((await drive(['trial']))[0]).toMatchObject({ problem: 'rate-limited', retry_after: 30, problem_message: 'Too many attempts: wait 30 seconds, then try again.' });
  });
});

describe('activation with a serial', () => {
  it('activates with the normalised serial, opens every feature and verifies the kept file at the next start', async () => {
    server.on(`POST ${API}/activations`, () => licenceAnswer());
    const [state] = await drive([`activate=  ${SAMPLE_SERIAL.toLowerCase()} `]);
    expect(state).toMatchObject({ status: 'licensed', serial: SAMPLE_SERIAL, gate_open: true, feature_0: true, feature_1: true });
    expect(server.requests[0].body).toEqual({
      product_id: PRODUCT_ID,
      serial: SAMPLE_SERIAL,
      hardware_fingerprint: FINGERPRINT,
      hardware_fingerprint_version: 2,
      signature_seed_version: 5,
      machine_name: 'Studio Mac',
    });
    expect((await drive(['load']))[0]).toMatchObject({ status: 'licensed', serial: SAMPLE_SERIAL });
  });

  it('refuses what cannot be a serial without calling the server', async () => {
    const [state] = await drive(['activate=not a serial!']);
    expect(state).toMatchObject({ status: 'unlicensed', problem: 'invalid-input' });
    expect(server.requests).toHaveLength(0);
  });

  it('ignores a licence file for another machine and falls back to the trial', async () => {
    server.on(`POST ${API}/trials`, () => trialAnswer(5));
    server.on(`POST ${API}/activations`, () => licenceAnswer({ hardware_fingerprint: 'HWFP2-other' }));
    const [, state] = await drive(['trial', `activate=${SAMPLE_SERIAL}`]);
    expect(state).toMatchObject({ status: 'trial', days_left: 5, problem: 'untrusted', gate_open: true });
    expect(existsSync(join(stateDir, 'license.ops'))).toBe(false);
  });

  it('says a stored licence file copied from elsewhere is not valid here', async () => {
    writeFileSync(join(stateDir, 'license.ops'), JSON.stringify(licenceAnswer({ hardware_fingerprint: 'HWFP2-other' }).json));
    expect((await drive(['load']))[0]).toMatchObject({ status: 'unlicensed', problem: 'untrusted', problem_message: expect.stringContaining('wrong-fingerprint') });
  });

  it('frees this machine: deactivates and removes the licence file', async () => {
    server.on(`POST ${API}/activations`, () => licenceAnswer());
    server.on(`POST ${API}/deactivations`, () => ({ json: { serial: SAMPLE_SERIAL, hardware_fingerprint: FINGERPRINT, deactivated_at: signedTime(Date.now()), deactivations_left: 2 } }));
    const [, freed] = await drive([`activate=${SAMPLE_SERIAL}`, 'deactivate']);
    expect(freed).toMatchObject({ status: 'unlicensed', gate_open: false, problem: 'none' });
    expect(server.requests[1].body).toEqual({ product_id: PRODUCT_ID, serial: SAMPLE_SERIAL, hardware_fingerprint: FINGERPRINT });
    expect(existsSync(join(stateDir, 'license.ops'))).toBe(false);
  });
});

describe('browser activation', () => {
  beforeEach(() =>
    server.on(`POST ${API}/browser-activations`, () => ({
      status: 201,
      json: { device_code: 'device-secret', user_code: 'BCDF-GHJK', verification_uri: '/portal/aurora-audio/activate', verification_uri_complete: '/portal/aurora-audio/activate?code=BCDF-GHJK', expires_in: 600, interval: 1 },
    })),
  );
  const polls = (...answers: Answer[]) => {
    let n = 0;
    server.on(`POST ${API}/browser-activations/poll`, () => answers[Math.min(n++, answers.length - 1)]);
  };

  it('shows the code, opens the portal address, polls on the background thread and keeps the verified licence', async () => {
    polls({ status: 400, json: { message: ['Waiting.'], error: 'authorization_pending', interval: 1 } }, licenceAnswer());
    const [state] = await drive(['browser']);
    expect(state).toMatchObject({ status: 'licensed', gate_open: true, browser_code_shown: 'BCDF-GHJK', opened_url: `${server.url}/portal/aurora-audio/activate?code=BCDF-GHJK` });
    expect(server.requests[0].body).toMatchObject({ product_id: PRODUCT_ID, hardware_fingerprint: FINGERPRINT, machine_name: 'Studio Mac' });
    expect(existsSync(join(stateDir, 'license.ops'))).toBe(true);
  });

  it('says so in plain words when the customer refuses, and keeps nothing', async () => {
    polls({ status: 400, json: { message: ['Denied.'], error: 'access_denied' } });
    const [state] = await drive(['browser']);
    expect(state).toMatchObject({ status: 'unlicensed', problem: 'browser-ended', problem_message: expect.stringContaining('refused in the browser') });
    expect(existsSync(join(stateDir, 'license.ops'))).toBe(false);
  });

  it('ignores a licence file signed with another key', async () => {
    polls(licenceAnswer({}, otherKey));
    expect((await drive(['browser']))[0]).toMatchObject({ status: 'unlicensed', problem: 'untrusted' });
  });
});

describe('validation, revocation and the offline grace', () => {
  const activated = () => server.on(`POST ${API}/activations`, () => licenceAnswer());

  it('stays licensed when the signed state confirms the licence', async () => {
    activated();
    stateAnswers(true, true);
    const [, state] = await drive([`activate=${SAMPLE_SERIAL}`, 'validate'], ['--grace-days', '30']);
    expect(state).toMatchObject({ status: 'licensed', days_left: 30, problem: 'none', gate_open: true });
    expect(existsSync(join(stateDir, 'last-validation.json'))).toBe(true);
  });

  it('withdraws a disabled licence: revoked, file removed, gate closed', async () => {
    activated();
    stateAnswers(false, true);
    const [, state] = await drive([`activate=${SAMPLE_SERIAL}`, 'validate']);
    expect(state).toMatchObject({ status: 'revoked', revocation: 'license-disabled', disabled_reason: 'FraudulentUse', gate_open: false, feature_0: false });
    expect(existsSync(join(stateDir, 'license.ops'))).toBe(false);
  });

  it('withdraws the licence of a deactivated machine', async () => {
    activated();
    stateAnswers(true, false);
    expect((await drive([`activate=${SAMPLE_SERIAL}`, 'validate']))[1]).toMatchObject({ status: 'revoked', revocation: 'machine-deactivated' });
  });

  it('keeps working in the offline grace when the server is down, with the days left', async () => {
    activated();
    server.on(`POST ${API}/validations`, () => ({ status: 503, json: { message: ['Down.'] } }));
    const [, state] = await drive([`activate=${SAMPLE_SERIAL}`, 'validate'], ['--grace-days', '30']);
    expect(state).toMatchObject({ status: 'offline-grace', days_left: 30, problem: 'unreachable', gate_open: true, feature_1: true });
    expect(existsSync(join(stateDir, 'license.ops'))).toBe(true);
  });

  it('closes the gate when the grace has run out since the last confirmation', async () => {
    server.on(`POST ${API}/activations`, () => licenceAnswer({ issued_at: signedTime(Date.now() - 40 * DAY) }));
    server.on(`POST ${API}/validations`, () => ({ status: 503, json: { message: ['Down.'] } }));
    const [activatedLong, state] = await drive([`activate=${SAMPLE_SERIAL}`, 'validate'], ['--grace-days', '30']);
    expect(activatedLong).toMatchObject({ status: 'grace-ended', gate_open: false });
    expect(state).toMatchObject({ status: 'grace-ended', problem: 'unreachable', gate_open: false, problem_message: expect.stringContaining('connect to the internet once') });
  });

  it('treats an untrusted answer as no answer: the licence kept, the grace reported', async () => {
    activated();
    stateAnswers(false, false, otherKey);
    const [, state] = await drive([`activate=${SAMPLE_SERIAL}`, 'validate']);
    expect(state).toMatchObject({ status: 'offline-grace', days_left: -1, problem: 'untrusted', gate_open: true });
    expect(existsSync(join(stateDir, 'license.ops'))).toBe(true);
  });

  it('treats no server at all as offline', async () => {
    activated();
    await drive([`activate=${SAMPLE_SERIAL}`]);
    // Port 9 (discard) on the loopback: nothing listens there.
    const unreachable = await new Promise<StepState[]>((resolve, reject) =>
      execFile(DRIVER, ['--server', 'http://127.0.0.1:9', '--product-id', String(PRODUCT_ID), '--public-key', key.publicKeyBase64, '--fingerprint', FINGERPRINT, '--state-dir', stateDir, 'validate'], (error, stdout) =>
        error ? reject(error) : resolve(stdout.trim().split('\n').map((line) => JSON.parse(line) as StepState)),
      ),
    );
    expect(unreachable[0]).toMatchObject({ status: 'offline-grace', problem: 'unreachable', gate_open: true });
  });
});

describe('offline activation', () => {
  it('writes the request file without the network and installs the verified answer', async () => {
    const request = join(stateDir, 'studio.ophreq');
    const answer = join(stateDir, 'answer.ops');
    writeFileSync(answer, JSON.stringify(licenceAnswer().json));
    const [written, installed] = await drive([`request-offline=${SAMPLE_SERIAL.toLowerCase()}=${request}`, `install-offline=${answer}`]);
    expect(written).toMatchObject({ result: true, status: 'unlicensed' });
    expect(readOfflineRequest(readFileSync(request, 'utf8'))).toMatchObject({
      valid: true,
      request: { product_id: PRODUCT_ID, product_identifier: 'com.aurora.reverb', serial: SAMPLE_SERIAL, hardware_fingerprint: FINGERPRINT, machine_name: 'Studio Mac' },
    });
    expect(installed).toMatchObject({ result: true, status: 'licensed', gate_open: true });
    expect(server.requests).toHaveLength(0);
  });

  it('refuses an answer for another product', async () => {
    const answer = join(stateDir, 'answer.ops');
    writeFileSync(answer, JSON.stringify(licenceAnswer({ product_identifier: 'com.aurora.other' }).json));
    expect((await drive([`install-offline=${answer}`]))[0]).toMatchObject({ result: false, status: 'unlicensed', problem: 'untrusted', problem_message: expect.stringContaining('wrong-product') });
  });
});

describe('many instances of the plugin', () => {
  it('share one state and one gate per product, and every listener hears a change', async () => {
    server.on(`POST ${API}/trials`, () => trialAnswer(3));
    const [, second] = await drive(['trial', 'second-instance']);
    expect(second).toMatchObject({ second_shares_gate: true, second_notified: true, second_status: 'trial' });
  });
});
