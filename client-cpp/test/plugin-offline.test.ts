import { execFile, execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestApp } from '../../api-server/test/support/test-app';
import { startRealServer, type RealServer } from './support/real-server';

// Offline activation end to end with the real server: the example plugin writes its request with no network, the
// customer's upload goes through the portal route (the real activation and signing on PostgreSQL), and the plugin
// installs the answer only after verifying it.
const PLUGIN = join(__dirname, '..', 'build', 'producthub-plugin');
const FINGERPRINT = 'HWFP2-STUDIO | Ünïcode | 音';

interface PluginRun {
  exit: number;
  output: Record<string, unknown>;
}

let server: RealServer;
let t: TestApp;
let stateDir: string;
let license: { id: number; serial: string; productId: number; identifier: string; publicKey: string; userId: number; manufacturerId: number };
let customerToken: string;
let serverUrl: string;

function plugin(command: string, ...extra: string[]): Promise<PluginRun> {
  const args = [command, '--product-id', String(license.productId), '--public-key', license.publicKey, '--fingerprint', FINGERPRINT, '--state-dir', stateDir, ...extra];
  return new Promise((resolve) => {
    execFile(PLUGIN, args, (error, stdout) => resolve({ exit: error ? Number(error.code) : 0, output: JSON.parse(stdout) as Record<string, unknown> }));
  });
}

beforeAll(async () => {
  execFileSync('make', ['-s', '-C', join(__dirname, '..'), 'all'], { stdio: 'inherit' });
  server = await startRealServer();
  ({ t, url: serverUrl } = server);
  const { seedDemoData } = await import('../../api-server/src/seed/demo-data');
  const { createCustomerSession } = await import('../../api-server/src/portal/customer-sessions');
  await seedDemoData(t.db, t.masterKey, t.storage);
  const row = await t.db
    .selectFrom('licenses')
    .innerJoin('products', 'products.id', 'licenses.product_id')
    .select(['licenses.id', 'licenses.serial', 'licenses.product_id', 'products.identifier', 'products.public_key', 'licenses.user_id', 'licenses.manufacturer_id'])
    .where('licenses.disabled', '=', false)
    .where('products.identifier', 'is not', null)
    .orderBy('licenses.id')
    .executeTakeFirstOrThrow();
  await t.db.updateTable('products').set({ machine_limit: 1000 }).where('id', '=', row.product_id).execute();
  license = { id: row.id, serial: row.serial, productId: row.product_id, identifier: row.identifier!, publicKey: row.public_key, userId: row.user_id, manufacturerId: row.manufacturer_id };
  customerToken = (await createCustomerSession(t.db, row.manufacturer_id, row.user_id)).token;
}, 180_000);

afterAll(() => server?.stop());
beforeEach(() => {
  stateDir = mkdtempSync(join(tmpdir(), 'producthub-plugin-'));
});
afterEach(() => rmSync(stateDir, { recursive: true, force: true }));

/** The customer's upload, over HTTP to the server listening on loopback, as the portal page sends it. */
async function upload(text: string): Promise<{ statusCode: number; body: string; json: () => unknown }> {
  const response = await fetch(`${serverUrl}/api/v1/portal/licenses/${license.id}/offline-activations`, {
    method: 'POST',
    headers: { authorization: `PortalSession ${customerToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({ request: text }),
  });
  const body = await response.text();
  return { statusCode: response.status, body, json: () => JSON.parse(body) as unknown };
}

describe('offline activation through the portal', () => {
  it('request-offline → portal upload → install-offline, then verify, all without the plugin going online', async () => {
    const requestFile = join(stateDir, 'studio.ophreq');
    const written = await plugin('request-offline', '--serial', license.serial.toLowerCase(), '--product-identifier', license.identifier, '--out', requestFile, '--plugin-version', '3.0.1', '--machine-name', 'Studio Mac – Raum 2');
    expect(written).toMatchObject({ exit: 0, output: { ok: true, serial: license.serial, machine_name: 'Studio Mac – Raum 2' } });

    const answer = await upload(readFileSync(requestFile, 'utf8'));
    expect(answer.statusCode).toBe(200);
    const opsFile = join(stateDir, `${license.identifier}.ops`);
    writeFileSync(opsFile, answer.body);

    expect(await plugin('install-offline', '--file', opsFile, '--product-identifier', license.identifier)).toMatchObject({ exit: 0, output: { ok: true, serial: license.serial } });
    expect(readFileSync(join(stateDir, 'license.ops'), 'utf8')).toBe(answer.body);
    expect(await plugin('verify', '--product-identifier', license.identifier)).toMatchObject({ exit: 0, output: { kind: 'license', serial: license.serial } });
    const machines = await t.db.selectFrom('license_machines').select(['hardware_fingerprint', 'name']).where('license_id', '=', license.id).where('deactivated_at', 'is', null).execute();
    expect(machines).toContainEqual({ hardware_fingerprint: FINGERPRINT, name: 'Studio Mac – Raum 2' });
  });

  it("refuses to install an answer for another machine or another product, and keeps nothing", async () => {
    const requestFile = join(stateDir, 'other.ophreq');
    // Another machine's request, answered by the portal: a real, signed licence file, but not for this machine.
    const other = await new Promise<PluginRun>((resolve) =>
      execFile(
        PLUGIN,
        ['request-offline', '--product-id', String(license.productId), '--public-key', license.publicKey, '--fingerprint', 'HWFP2-ANOTHER-MACHINE', '--serial', license.serial, '--product-identifier', license.identifier, '--out', requestFile],
        (error, stdout) => resolve({ exit: error ? Number(error.code) : 0, output: JSON.parse(stdout) as Record<string, unknown> }),
      ),
    );
    expect(other.exit).toBe(0);
    const answer = await upload(readFileSync(requestFile, 'utf8'));
    expect(answer.statusCode).toBe(200);
    const opsFile = join(stateDir, 'other.ops');
    writeFileSync(opsFile, answer.body);
    expect(await plugin('install-offline', '--file', opsFile, '--product-identifier', license.identifier)).toMatchObject({ exit: 3, output: { reason: 'wrong-fingerprint' } });
    expect(await plugin('install-offline', '--file', opsFile, '--product-identifier', 'com.another.product')).toMatchObject({ exit: 3, output: { ok: false } });
    expect(await plugin('verify')).toMatchObject({ output: { ok: false } });
  });

  it('a request the plugin wrote and someone edited is refused by the portal (400)', async () => {
    const requestFile = join(stateDir, 'edited.ophreq');
    expect((await plugin('request-offline', '--serial', license.serial, '--product-identifier', license.identifier, '--out', requestFile)).exit).toBe(0);
    const edited = readFileSync(requestFile, 'utf8').replace('"plugin_version": "1.0.0"', '"plugin_version": "9.9.9"');
    const answer = await upload(edited);
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toEqual({ message: [expect.stringContaining('checksum does not match')] });
  });
});
