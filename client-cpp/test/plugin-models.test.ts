import { execFile, execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { STATE_DOCUMENT_FORMAT, UPDATE_ANSWER_FORMAT } from 'signed-formats';
import { LoopbackServer } from '../../client-js/src/test-support/loopback-server';
import { signDocument, testProductKey } from '../../client-js/src/test-support/test-signer';
import { SAMPLE_SERIAL, signedTime } from '../../client-js/src/test-support/sample-claims';
import { LicenceKeeper } from './support/licence-keeper';

// The compiled example plugin through the licence models that version 2 answers and files describe: a subscription
// (valid, expired within its grace, beyond it), a maintenance window (what the update check offers, the release a
// renewal would bring, a download refused), and an edition upgrade that keeps the serial. The loopback server keeps
// the licence as docs/client-api.md says the real one does and signs with a test key.
const PLUGIN = join(__dirname, '..', 'build', 'producthub-plugin');
const PRODUCT_ID = 7;
const FINGERPRINT = 'HWFP2-3F9A-77C1-0B5E-D24C';
const API = '/api/v1/clients/app';
const DAY = 86_400_000;
const key = testProductKey();
const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
/** A time to the second, as documents carry it. */
const wholeSecond = (ms: number) => Math.floor(ms / 1000) * 1000;

const server = new LoopbackServer();
let stateDir: string;
let keeper: LicenceKeeper;

beforeAll(async () => {
  execFileSync('make', ['-s', '-C', join(__dirname, '..'), 'all'], { stdio: 'inherit' });
  await server.start();
});
afterAll(() => server.stop());
beforeEach(() => {
  server.requests.length = 0;
  stateDir = mkdtempSync(join(tmpdir(), 'producthub-plugin-models-'));
  keeper = new LicenceKeeper(PRODUCT_ID, SAMPLE_SERIAL, key.privateKey);
});
afterEach(() => rmSync(stateDir, { recursive: true, force: true }));

interface PluginRun {
  exit: number;
  output: Record<string, unknown>;
  stderr: string;
}

function plugin(command: string, ...extra: string[]): Promise<PluginRun> {
  const args = [command, '--server', server.url, '--product-id', String(PRODUCT_ID), '--public-key', key.publicKeyBase64, '--fingerprint', FINGERPRINT, '--state-dir', stateDir, ...extra];
  return new Promise((resolve) => {
    execFile(PLUGIN, args, (error, stdout, stderr) =>
      resolve({ exit: error ? Number(error.code) : 0, output: JSON.parse(stdout) as Record<string, unknown>, stderr }),
    );
  });
}

/** The licence's routes on the loopback server, with the keeper's current releases. */
function serve() {
  for (const [route, handler] of keeper.routes()) server.on(route, handler);
}

const activateV2 = () => plugin('activate', '--serial', SAMPLE_SERIAL, '--license-file-version', '2');
const savedFile = () => JSON.parse(readFileSync(join(stateDir, 'license.ops'), 'utf8')) as Record<string, unknown>;
const lastBody = () => server.requests[server.requests.length - 1]!.body as Record<string, unknown>;
const sleepUntil = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms - Date.now())));

describe('a subscription licence', () => {
  it('valid: the version 2 file and state answer carry its expiry and grace, and nothing needs saying', async () => {
    keeper.expiresAt = wholeSecond(Date.now() + 30 * DAY);
    keeper.graceDays = 7;
    serve();
    expect(await activateV2()).toMatchObject({ exit: 0, output: { format_version: 2, expires_at: signedTime(keeper.expiresAt), grace_days: 7, in_grace: false, expired: false } });
    const validated = await plugin('validate');
    expect(lastBody().answer_version).toBe(2);
    expect(validated).toMatchObject({
      exit: 0,
      output: { answer_version: 2, license_enabled: true, machine_activated: true, expires_at: signedTime(keeper.expiresAt), grace_days: 7, in_grace: false, expired: false, license_file_current: true },
    });
    expect(validated.output).not.toHaveProperty('notice');
    expect(await plugin('verify')).toMatchObject({ exit: 0, output: { kind: 'license', format_version: 2, in_grace: false, expired: false } });
  });

  it('expired within its grace it still works and says so; beyond the grace validation refuses it and so does the file offline', async () => {
    keeper.graceDays = 7;
    // The subscription lapsed almost 7 days ago: its grace ends a few seconds from now.
    const graceEndsAt = wholeSecond(Date.now() + 4000);
    keeper.expiresAt = graceEndsAt - 7 * DAY;
    serve();
    const inGrace = {
      expires_at: signedTime(keeper.expiresAt),
      grace_ends_at: signedTime(graceEndsAt),
      in_grace: true,
      expired: false,
      notice: `The license expired on ${signedTime(keeper.expiresAt)}; it keeps working until ${signedTime(graceEndsAt)}: renew it before then.`,
    };
    expect(await activateV2()).toMatchObject({ exit: 0, output: { in_grace: true, expired: false } });
    const validated = await plugin('validate');
    expect(validated).toMatchObject({ exit: 0, output: { ...inGrace, license_file_current: true } });
    expect(validated.stderr).toContain(inGrace.notice);
    expect(await plugin('verify')).toMatchObject({ exit: 0, output: inGrace });

    await sleepUntil(graceEndsAt + 1100);
    expect(await plugin('validate')).toMatchObject({
      exit: 1,
      output: { status: 409, messages: [`This license expired on ${day(keeper.expiresAt)}: renew it to use it again.`] },
    });
    expect(existsSync(join(stateDir, 'license.ops'))).toBe(true);
    const expired = { exit: 1, output: { ok: false, expired: true, message: `The license expired on ${signedTime(keeper.expiresAt)}: renew it to use it again.` } };
    server.requests.length = 0;
    expect(await plugin('verify')).toMatchObject(expired);
    expect(await plugin('features')).toMatchObject(expired);
    expect(server.requests).toHaveLength(0);
    expect(await activateV2()).toMatchObject({ exit: 1, output: { status: 409 } });
  });

  it('refuses a state answer of another version than asked, and asks for version 1 with --answer-version 1', async () => {
    keeper.expiresAt = wholeSecond(Date.now() + 30 * DAY);
    serve();
    await activateV2();
    server.on(`POST ${API}/validations`, (request) => {
      const { nonce } = request.body as { nonce: string };
      const state = { product_id: PRODUCT_ID, serial: SAMPLE_SERIAL, hardware_fingerprint: FINGERPRINT, nonce, license_enabled: true, disabled_reason: '', machine_activated: true, issued_at: signedTime(Date.now()) };
      return { json: signDocument(STATE_DOCUMENT_FORMAT, state, key.privateKey) };
    });
    expect(await plugin('validate')).toMatchObject({ exit: 3, output: { reason: 'unsupported-version' } });
    expect(existsSync(join(stateDir, 'license.ops'))).toBe(true);
    const v1 = await plugin('validate', '--answer-version', '1');
    expect(v1).toMatchObject({ exit: 0, output: { answer_version: 1, license_enabled: true } });
    expect(lastBody()).not.toHaveProperty('answer_version');
    expect(v1.output).not.toHaveProperty('expires_at');
    expect(await plugin('validate', '--answer-version', '3')).toMatchObject({ exit: 2 });
  });
});

describe('a maintenance window', () => {
  const now = Date.now();
  const build = (version: string) => ({ name: `Reverb ${version}.pkg`, bytes: Buffer.from(`the build of ${version} `.repeat(500)) });

  beforeEach(() => {
    keeper.maintenanceEndsAt = wholeSecond(now - 10 * DAY);
    keeper.releases = [
      { id: 11, version: '1.1.0.10', publishedAt: wholeSecond(now - 60 * DAY), file: build('1.1.0.10') },
      { id: 12, version: '1.2.0.20', publishedAt: wholeSecond(now - 20 * DAY), file: build('1.2.0.20') },
      { id: 20, version: '2.0.0.3', publishedAt: wholeSecond(now - 5 * DAY), file: build('2.0.0.3') },
    ];
    serve();
  });

  it('the update check offers the newest release before the window ends and names the one beyond it', async () => {
    await activateV2();
    expect(savedFile().maintenance_ends_at).toBe(signedTime(keeper.maintenanceEndsAt!));
    const notice = `Version 2.0.0.3 is out: the license includes updates released until ${signedTime(keeper.maintenanceEndsAt!)}. Renew updates to get 2.0.0.3.`;
    const checked = await plugin('check-updates', '--current-version', '1.0.0', '--os', 'macOS');
    expect(lastBody()).toMatchObject({ answer_version: 2, serial: SAMPLE_SERIAL });
    expect(checked).toMatchObject({
      exit: 0,
      output: {
        update_available: true,
        version: '1.2.0.20',
        maintenance_ends_at: signedTime(keeper.maintenanceEndsAt!),
        newer_beyond_maintenance_version: '2.0.0.3',
        renew_updates_to_get: { version: '2.0.0.3', published_at: signedTime(keeper.releases[2]!.publishedAt) },
        notice,
      },
    });
    expect(checked.stderr).toContain(notice);

    const out = join(stateDir, 'downloads');
    expect(await plugin('download', '--current-version', '1.0.0', '--os', 'macOS', '--out', out)).toMatchObject({
      exit: 0,
      output: { version: '1.2.0.20', files: [{ name: 'Reverb 1.2.0.20.pkg' }], renew_updates_to_get: { version: '2.0.0.3' } },
    });
    expect(readFileSync(join(out, 'Reverb 1.2.0.20.pkg')).equals(keeper.releases[1]!.file.bytes)).toBe(true);
  });

  it('nothing beyond the window: no renewal to offer; version 1 answers say nothing of the window', async () => {
    await activateV2();
    const checked = await plugin('check-updates', '--current-version', '2.0.0.3', '--os', 'macOS');
    expect(checked).toMatchObject({ exit: 0, output: { update_available: false, renew_updates_to_get: null, notice: '' } });
    const v1 = await plugin('check-updates', '--answer-version', '1', '--current-version', '1.0.0', '--os', 'macOS');
    expect(v1).toMatchObject({ exit: 0, output: { version: '1.2.0.20' } });
    expect(v1.output).not.toHaveProperty('maintenance_ends_at');
    expect(v1.output).not.toHaveProperty('renew_updates_to_get');
  });

  it("downloading a build beyond the window is refused: the server checks the licence's window again when the file is fetched", async () => {
    // The window still covered 2.0 when the update check answered; then it was shortened, before the download.
    const shortened = keeper.maintenanceEndsAt!;
    keeper.maintenanceEndsAt = wholeSecond(now + DAY);
    await activateV2();
    keeper.afterNextUpdateCheck = () => (keeper.maintenanceEndsAt = shortened);
    const out = join(stateDir, 'downloads');
    const refused = await plugin('download', '--current-version', '1.0.0', '--os', 'macOS', '--out', out);
    expect(refused).toMatchObject({
      exit: 1,
      output: {
        status: 403,
        messages: [`This download link's license includes updates released until ${day(shortened)}; this build belongs to a later release: renew updates to download it.`],
      },
    });
    expect(readdirSync(out)).toEqual([]);
    // Asked again, the check offers what the window holds and names 2.0 as the renewal's.
    expect(await plugin('check-updates', '--current-version', '1.0.0', '--os', 'macOS')).toMatchObject({ exit: 0, output: { version: '1.2.0.20', renew_updates_to_get: { version: '2.0.0.3' } } });
  });

  it('refuses an update answer of another version than asked', async () => {
    await activateV2();
    server.on(`POST ${API}/update-checks`, (request) => {
      const body = request.body as { current_version: string; os: string };
      const answer = { product_id: PRODUCT_ID, hardware_fingerprint: FINGERPRINT, current_version: body.current_version, os: body.os, issued_at: signedTime(Date.now()), update_available: false, release_id: 0, version: '', unlocks_without_license: false, files: [] };
      return { json: signDocument(UPDATE_ANSWER_FORMAT, answer, key.privateKey) };
    });
    expect(await plugin('check-updates', '--current-version', '1.0.0', '--os', 'macOS')).toMatchObject({ exit: 3, output: { reason: 'unsupported-version' } });
  });
});

describe('an edition upgrade', () => {
  it('keeps the serial: the state answer shows the new features at once, the file after activating again', async () => {
    keeper.edition = 'Standard';
    keeper.features = ['stems'];
    serve();
    expect(await activateV2()).toMatchObject({ exit: 0, output: { serial: SAMPLE_SERIAL, edition: 'Standard', features: ['stems'] } });
    expect(await plugin('validate')).toMatchObject({ exit: 0, output: { edition: 'Standard', features: ['stems'], license_file_current: true } });

    // Staff change the licence's edition (same licence, same serial).
    keeper.edition = 'Pro';
    keeper.features = ['surround', 'stems'];
    const changed = await plugin('validate');
    expect(changed).toMatchObject({
      exit: 0,
      output: { edition: 'Pro', features: ['stems', 'surround'], license_file_current: false, notice: "The license's terms changed: activate again for a license file that carries them." },
    });
    expect(await plugin('features')).toMatchObject({ exit: 0, output: { edition: 'Standard', features: ['stems'] } });

    expect(await activateV2()).toMatchObject({ exit: 0, output: { serial: SAMPLE_SERIAL, edition: 'Pro', features: ['stems', 'surround'] } });
    expect(savedFile()).toMatchObject({ serial: SAMPLE_SERIAL, edition: 'Pro', features: [{ key: 'stems' }, { key: 'surround' }] });
    expect(await plugin('features')).toMatchObject({ exit: 0, output: { serial: SAMPLE_SERIAL, edition: 'Pro', features: ['stems', 'surround'] } });
    const current = await plugin('validate');
    expect(current).toMatchObject({ exit: 0, output: { edition: 'Pro', license_file_current: true } });
    expect(current.output).not.toHaveProperty('notice');
  });
});
