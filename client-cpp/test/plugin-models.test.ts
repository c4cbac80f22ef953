import { execFile, execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { PLAIN_POLICY, type PolicyBody } from 'shared-kit/contract';
import type { TestApp } from '../../api-server/test/support/test-app';
import { PASSWORD, auth, createManufacturer, createSystemUser } from '../../api-server/test/support/fixtures';
import { insertTestChannels } from '../../api-server/test/catalog-fixtures';
import { licenseExpiredMessage } from '../../api-server/src/licenses/activation/activate-machine';
import { downloadBeyondMaintenance } from '../../api-server/src/clients/routes/client-routes';
import { startRealServer, type RealServer } from './support/real-server';
import { Relay } from './support/relay';

// The compiled example plugin through the licence models that version 2 answers and files describe, against the real
// server on PostgreSQL: a subscription (valid, expired within its grace, beyond it), a maintenance window (what the
// update check offers, the release a renewal would bring, a download refused) and an edition upgrade keeping the
// serial. Products, policies, editions, licences and releases are made through the staff API; time moves by changing
// the stored times. The plugin talks to the server through a relay on loopback that passes everything on as it is.
const PLUGIN = join(__dirname, '..', 'build', 'producthub-plugin');
const FINGERPRINT = 'HWFP2-3F9A-77C1-0B5E-D24C';
const CLIENT = '/api/v1/clients/app';
const VALIDATIONS = `POST ${CLIENT}/validations`;
const UPDATE_CHECKS = `POST ${CLIENT}/update-checks`;
const DAY = 86_400_000;
/** A time to the second, as signed documents carry it. */
const wholeSecond = (ms: number) => Math.floor(ms / 1000) * 1000;
const signedTime = (ms: number) => new Date(wholeSecond(ms)).toISOString().replace('.000Z', 'Z');

interface Product {
  id: number;
  public_key: string;
}
interface License {
  id: number;
  serial: string;
}
interface PluginRun {
  exit: number;
  output: Record<string, unknown>;
  stderr: string;
}

let server: RealServer;
let t: TestApp;
let relay: Relay;
let staffToken = '';
let manufacturerId: number;
let releaseChannel: number;
let stateDir: string;

beforeAll(async () => {
  execFileSync('make', ['-s', '-C', join(__dirname, '..'), 'all'], { stdio: 'inherit' });
  server = await startRealServer();
  t = server.t;
  manufacturerId = (await createManufacturer(t.db, 'Alpha Audio', { email: 'alpha@example.com', country_code: 'DE' })).id;
  await createSystemUser(t.db, 'staff@alpha.example', manufacturerId);
  staffToken = (await staffCall<{ token: string }>('POST', '/systemusers/login', { email: 'staff@alpha.example', password: PASSWORD }, 200)).token;
  // Distribution channels come with a manufacturer's set-up, not from a staff route.
  releaseChannel = (await insertTestChannels(t.db, manufacturerId)).find((channel) => channel.type === 'Release')!.id;
  relay = new Relay(server.url);
  await relay.start();
}, 180_000);
afterAll(async () => {
  await relay?.stop();
  await server?.stop();
});
beforeEach(async () => {
  relay.reset();
  // Every call of these tests comes from one address: the client API's rate limits start afresh.
  await sql`DELETE FROM rate_limits`.execute(t.db);
  stateDir = mkdtempSync(join(tmpdir(), 'producthub-plugin-models-'));
});
afterEach(() => rmSync(stateDir, { recursive: true, force: true }));

/** A staff call over HTTP as the console makes it; anything but the expected status fails the test with the server's words. */
async function staffCall<T>(method: 'GET' | 'POST' | 'PUT', url: string, payload?: object | Buffer, status = method === 'POST' ? 201 : 200) {
  const headers: Record<string, string> = staffToken ? auth(staffToken) : {};
  if (payload) headers['content-type'] = Buffer.isBuffer(payload) ? 'application/octet-stream' : 'application/json';
  const body = payload === undefined ? undefined : Buffer.isBuffer(payload) ? payload : JSON.stringify(payload);
  const answer = await fetch(`${server.url}/api/v1${url}`, { method, headers, body });
  const text = await answer.text();
  if (answer.status !== status) throw new Error(`${method} ${url}: ${answer.status} ${text}`);
  return JSON.parse(text) as T;
}
const staff = <T>(method: 'POST' | 'PUT', url: string, payload: object, status?: number) => staffCall<T>(method, url, payload, status);

async function newProduct(name: string, policy: Partial<PolicyBody>): Promise<Product> {
  const pluginName = name.replace(/\s+/g, '');
  const product = await staff<Product>('POST', '/products', { name, type: 'Full', plugin_name: pluginName, identifier: `com.alpha.${pluginName.toLowerCase()}` });
  await staff('PUT', `/products/${product.id}/policies/Standard`, { ...PLAIN_POLICY, ...policy });
  return product;
}

async function newLicense(product: Product, email: string): Promise<License> {
  const user = await staff<{ id: number }>('POST', '/users', { email });
  return staff<License>('POST', `/users/${user.id}/licenses`, { product_id: product.id, license_type: 'Standard' });
}

/** A release of one build, published on the Release channel the way staff publish one, then dated `publishedAt`. */
async function publish(product: Product, version: [number, number, number], buildNumber: number, publishedAt: number) {
  const bytes = Buffer.from(`the build of ${version.join('.')} `.repeat(500));
  const name = `Reverb ${version.join('.')}.pkg`;
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  const [major, minor, revision] = version;
  const builds = `/products/${product.id}/builds`;
  const build = await staff<{ id: number }>('POST', builds, {
    os: 'any',
    major,
    minor,
    revision,
    build_number: buildNumber,
    files: [{ name, size: bytes.length, sha256 }],
  });
  await staffCall('PUT', `${builds}/${build.id}/files/${encodeURIComponent(name)}`, bytes);
  await staff('POST', `${builds}/${build.id}/confirm`, {}, 200);
  const release = await staff<{ id: number }>('POST', `/products/${product.id}/releases`, { description: version.join('.'), builds: [build.id] });
  await staff('POST', `/manufacturers/${manufacturerId}/channels/${releaseChannel}/releases`, { product_release_id: release.id });
  await sql`UPDATE releases SET created_at = ${new Date(publishedAt)} WHERE id = ${release.id}`.execute(t.db);
  return { version: `${version.join('.')}.${buildNumber}`, name, bytes, publishedAt };
}

function plugin(product: Product, command: string, ...extra: string[]): Promise<PluginRun> {
  const args = [command, '--server', relay.url, '--product-id', String(product.id), '--public-key', product.public_key, '--fingerprint', FINGERPRINT, '--state-dir', stateDir, ...extra];
  return new Promise((resolve) => {
    execFile(PLUGIN, args, (error, stdout, stderr) =>
      resolve({ exit: error ? Number(error.code) : 0, output: JSON.parse(stdout) as Record<string, unknown>, stderr }),
    );
  });
}

const activateV2 = (product: Product, license: License) => plugin(product, 'activate', '--serial', license.serial, '--license-file-version', '2');
const savedFile = () => JSON.parse(readFileSync(join(stateDir, 'license.ops'), 'utf8')) as Record<string, unknown>;
const setLicense = (license: License, terms: Record<string, Date | number | null>) =>
  t.db.updateTable('licenses').set(terms).where('id', '=', license.id).execute();
/**
 * The real server always answers the version asked for; an answer of another version comes from something between
 * (a proxy, an old server). The relay plays it: it drops the ask, and the server's real version 1 answer goes back.
 */
const askVersion1 = (body: Record<string, unknown>) => Object.fromEntries(Object.entries(body).filter(([name]) => name !== 'answer_version'));

describe('a subscription licence', () => {
  let product: Product;
  beforeAll(async () => {
    product = await newProduct('Alpha Subscription', { term: 'time-limited', duration_days: 30, grace_days: 7 });
  });

  it('valid: the version 2 file and state answer carry the expiry and grace its policy gave it, and nothing needs saying', async () => {
    const license = await newLicense(product, 'subscriber@listener.example');
    const terms = await staffCall<{ expires_at: string }>('GET', `/licenses/${license.id}/terms`);
    const expiresAt = signedTime(Date.parse(terms.expires_at));
    expect(Date.parse(expiresAt)).toBeGreaterThan(Date.now() + 29 * DAY);

    expect(await activateV2(product, license)).toMatchObject({ exit: 0, output: { format_version: 2, expires_at: expiresAt, grace_days: 7, in_grace: false, expired: false } });
    const validated = await plugin(product, 'validate');
    expect(relay.lastBody(VALIDATIONS)).toMatchObject({ answer_version: 2, serial: license.serial });
    expect(validated).toMatchObject({
      exit: 0,
      output: { answer_version: 2, license_enabled: true, machine_activated: true, expires_at: expiresAt, grace_days: 7, in_grace: false, expired: false, license_file_current: true },
    });
    expect(validated.output).not.toHaveProperty('notice');
    expect(await plugin(product, 'verify')).toMatchObject({ exit: 0, output: { kind: 'license', format_version: 2, in_grace: false, expired: false } });
  });

  it('expired within its grace it still works and says so; beyond the grace validation and activation refuse it', async () => {
    const license = await newLicense(product, 'lapsing@listener.example');
    const expiresAt = wholeSecond(Date.now() - 3 * DAY);
    await setLicense(license, { expires_at: new Date(expiresAt) });
    const inGrace = {
      expires_at: signedTime(expiresAt),
      grace_ends_at: signedTime(expiresAt + 7 * DAY),
      in_grace: true,
      expired: false,
      notice: `The license expired on ${signedTime(expiresAt)}; it keeps working until ${signedTime(expiresAt + 7 * DAY)}: renew it before then.`,
    };
    expect(await activateV2(product, license)).toMatchObject({ exit: 0, output: { in_grace: true, expired: false } });
    const validated = await plugin(product, 'validate');
    expect(validated).toMatchObject({ exit: 0, output: { ...inGrace, license_file_current: true } });
    expect(validated.stderr).toContain(inGrace.notice);
    expect(await plugin(product, 'verify')).toMatchObject({ exit: 0, output: inGrace });

    const lapsed = wholeSecond(Date.now() - 10 * DAY);
    await setLicense(license, { expires_at: new Date(lapsed) });
    const refused = { exit: 1, output: { status: 409, messages: [licenseExpiredMessage(new Date(lapsed))] } };
    expect(await plugin(product, 'validate')).toMatchObject(refused);
    expect(existsSync(join(stateDir, 'license.ops'))).toBe(true);
    expect(await activateV2(product, license)).toMatchObject(refused);
  });

  it("a version 2 file past its own expiry and grace is refused offline, with no call to the server", async () => {
    const license = await newLicense(product, 'offline-lapse@listener.example');
    // The server signs no file for a licence already beyond its grace, and the file's times are signed: this one's
    // grace ends a few seconds after it is signed, and the test waits for that (the plugin reads the real clock).
    const graceEndsAt = wholeSecond(Date.now() + 4000);
    const expiresAt = graceEndsAt - 7 * DAY;
    await setLicense(license, { expires_at: new Date(expiresAt) });
    expect(await activateV2(product, license)).toMatchObject({ exit: 0, output: { in_grace: true, grace_ends_at: signedTime(graceEndsAt) } });
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, graceEndsAt + 1100 - Date.now())));

    relay.reset();
    const expired = { exit: 1, output: { ok: false, expired: true, message: `The license expired on ${signedTime(expiresAt)}: renew it to use it again.` } };
    expect(await plugin(product, 'verify')).toMatchObject(expired);
    expect(await plugin(product, 'features')).toMatchObject(expired);
    expect(relay.sent).toHaveLength(0);
  });

  it('refuses a state answer of another version than asked, and asks for version 1 with --answer-version 1', async () => {
    const license = await newLicense(product, 'versions@listener.example');
    expect((await activateV2(product, license)).exit).toBe(0);
    relay.rewrite(VALIDATIONS, askVersion1);
    expect(await plugin(product, 'validate')).toMatchObject({ exit: 3, output: { reason: 'unsupported-version' } });
    expect(existsSync(join(stateDir, 'license.ops'))).toBe(true);

    relay.reset();
    const v1 = await plugin(product, 'validate', '--answer-version', '1');
    expect(v1).toMatchObject({ exit: 0, output: { answer_version: 1, license_enabled: true } });
    expect(relay.lastBody(VALIDATIONS)).not.toHaveProperty('answer_version');
    expect(v1.output).not.toHaveProperty('expires_at');
    expect(await plugin(product, 'validate', '--answer-version', '3')).toMatchObject({ exit: 2 });
  });
});

describe('a maintenance window', () => {
  const now = Date.now();
  const windowEnd = wholeSecond(now - 10 * DAY);
  let product: Product;
  let license: License;
  let releases: Awaited<ReturnType<typeof publish>>[];

  beforeAll(async () => {
    product = await newProduct('Alpha Reverb', { maintenance_months: 12, maintenance_from: 'purchase' });
    releases = [
      await publish(product, [1, 1, 0], 10, wholeSecond(now - 60 * DAY)),
      await publish(product, [1, 2, 0], 20, wholeSecond(now - 20 * DAY)),
      await publish(product, [2, 0, 0], 3, wholeSecond(now - 5 * DAY)),
    ];
    license = await newLicense(product, 'maintained@listener.example');
  });
  beforeEach(() => setLicense(license, { maintenance_ends_at: new Date(windowEnd), maintenance_months: null }));

  it('the update check offers the newest release before the window ends and names the one beyond it', async () => {
    await activateV2(product, license);
    expect(savedFile().maintenance_ends_at).toBe(signedTime(windowEnd));
    const notice = `Version 2.0.0.3 is out: the license includes updates released until ${signedTime(windowEnd)}. Renew updates to get 2.0.0.3.`;
    const checked = await plugin(product, 'check-updates', '--current-version', '1.0.0', '--os', 'macOS');
    expect(relay.lastBody(UPDATE_CHECKS)).toMatchObject({ answer_version: 2, serial: license.serial });
    expect(checked).toMatchObject({
      exit: 0,
      output: {
        update_available: true,
        version: '1.2.0.20',
        maintenance_ends_at: signedTime(windowEnd),
        newer_beyond_maintenance_version: '2.0.0.3',
        renew_updates_to_get: { version: '2.0.0.3', published_at: signedTime(releases[2]!.publishedAt) },
        notice,
      },
    });
    expect(checked.stderr).toContain(notice);

    const out = join(stateDir, 'downloads');
    expect(await plugin(product, 'download', '--current-version', '1.0.0', '--os', 'macOS', '--out', out)).toMatchObject({
      exit: 0,
      output: { version: '1.2.0.20', files: [{ name: releases[1]!.name }], renew_updates_to_get: { version: '2.0.0.3' } },
    });
    expect(readFileSync(join(out, releases[1]!.name)).equals(releases[1]!.bytes)).toBe(true);
  });

  it('nothing beyond the window: no renewal to offer; version 1 answers say nothing of the window', async () => {
    await activateV2(product, license);
    const checked = await plugin(product, 'check-updates', '--current-version', '2.0.0.3', '--os', 'macOS');
    expect(checked).toMatchObject({ exit: 0, output: { update_available: false, renew_updates_to_get: null, notice: '' } });
    const v1 = await plugin(product, 'check-updates', '--answer-version', '1', '--current-version', '1.0.0', '--os', 'macOS');
    expect(v1).toMatchObject({ exit: 0, output: { version: '1.2.0.20' } });
    expect(v1.output).not.toHaveProperty('maintenance_ends_at');
    expect(v1.output).not.toHaveProperty('renew_updates_to_get');
  });

  it("downloading a build beyond the window is refused: the server checks the licence's window again when the file is fetched", async () => {
    // The window still covered 2.0 when the update check answered; staff shortened it before the download.
    await setLicense(license, { maintenance_ends_at: new Date(now + DAY) });
    await activateV2(product, license);
    relay.after(UPDATE_CHECKS, () => setLicense(license, { maintenance_ends_at: new Date(windowEnd) }));
    const out = join(stateDir, 'downloads');
    const refused = await plugin(product, 'download', '--current-version', '1.0.0', '--os', 'macOS', '--out', out);
    expect(refused).toMatchObject({ exit: 1, output: { status: 403, messages: [downloadBeyondMaintenance(new Date(windowEnd))] } });
    expect(readdirSync(out)).toEqual([]);
    // Asked again, the check offers what the window holds and names 2.0 as the renewal's.
    expect(await plugin(product, 'check-updates', '--current-version', '1.0.0', '--os', 'macOS')).toMatchObject({
      exit: 0,
      output: { version: '1.2.0.20', renew_updates_to_get: { version: '2.0.0.3' } },
    });
  });

  it('refuses an update answer of another version than asked', async () => {
    await activateV2(product, license);
    relay.rewrite(UPDATE_CHECKS, askVersion1);
    expect(await plugin(product, 'check-updates', '--current-version', '1.0.0', '--os', 'macOS')).toMatchObject({ exit: 3, output: { reason: 'unsupported-version' } });
  });
});

describe('an edition upgrade', () => {
  it('keeps the serial: the state answer shows the new features at once, the file after activating again', async () => {
    const product = await newProduct('Alpha Editions', {});
    for (const key of ['stems', 'surround']) await staff('POST', `/products/${product.id}/features`, { key, label: key });
    const standard = await staff<{ id: number }>('POST', `/products/${product.id}/editions`, { name: 'Standard', features: ['stems'] });
    const pro = await staff<{ id: number }>('POST', `/products/${product.id}/editions`, { name: 'Pro', features: ['surround', 'stems'] });
    await staff('PUT', `/products/${product.id}/policies/Standard`, { ...PLAIN_POLICY, edition_id: standard.id });
    const license = await newLicense(product, 'upgrading@listener.example');

    expect(await activateV2(product, license)).toMatchObject({ exit: 0, output: { serial: license.serial, edition: 'Standard', features: ['stems'] } });
    expect(await plugin(product, 'validate')).toMatchObject({ exit: 0, output: { edition: 'Standard', features: ['stems'], license_file_current: true } });

    // Change edition, as the licence page's action does: the same licence, the same serial.
    await staff('POST', `/licenses/${license.id}/edition`, { edition_id: pro.id }, 200);
    const changed = await plugin(product, 'validate');
    expect(changed).toMatchObject({
      exit: 0,
      output: { edition: 'Pro', features: ['stems', 'surround'], license_file_current: false, notice: "The license's terms changed: activate again for a license file that carries them." },
    });
    expect(await plugin(product, 'features')).toMatchObject({ exit: 0, output: { edition: 'Standard', features: ['stems'] } });

    expect(await activateV2(product, license)).toMatchObject({ exit: 0, output: { serial: license.serial, edition: 'Pro', features: ['stems', 'surround'] } });
    expect(savedFile()).toMatchObject({ serial: license.serial, edition: 'Pro', features: [{ key: 'stems' }, { key: 'surround' }] });
    expect(await plugin(product, 'features')).toMatchObject({ exit: 0, output: { serial: license.serial, edition: 'Pro', features: ['stems', 'surround'] } });
    const current = await plugin(product, 'validate');
    expect(current).toMatchObject({ exit: 0, output: { edition: 'Pro', license_file_current: true } });
    expect(current.output).not.toHaveProperty('notice');
  });
});
