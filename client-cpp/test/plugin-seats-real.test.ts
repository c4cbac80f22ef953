import { execFileSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { PLAIN_POLICY, type PolicyBody } from 'shared-kit/contract';
import type { TestApp } from '../../api-server/test/support/test-app';
import { PASSWORD, auth, createManufacturer, createSystemUser } from '../../api-server/test/support/fixtures';
import { borrowTooLong, seatsInUse } from '../../api-server/src/floating/lease-rules';
import { startRealServer, type RealServer } from './support/real-server';
import { Relay } from './support/relay';
import { holdSeat, runPlugin } from './support/seat-plugin';

// The compiled example plugin's floating-seat commands against the real server on PostgreSQL: a floating licence of
// one seat shared by two machines (check-out, heart-beat, check-in), the FloatingSeat helper checking in when the
// plugin closes, a seat freed only when the lease of a plugin killed with -9 runs out, and borrowing within the
// policy's days. Time moves by changing the stored lease times. The plugin talks to the server through a relay on
// loopback that passes everything on as it is and keeps what was sent.
const STUDIO = 'HWFP2-STUDIO-REAL | 機械';
const LAPTOP = 'HWFP2-LAPTOP-REAL';
const SEATS = `/api/v1/clients/app/seats`;
const MAX_BORROW_DAYS = 5;

interface Product {
  id: number;
  public_key: string;
}
interface License {
  id: number;
  serial: string;
}

let server: RealServer;
let t: TestApp;
let relay: Relay;
let staffToken = '';
let product: Product;
let license: License;
let stateDirs: Record<string, string>;
const running: ChildProcess[] = [];

async function staff<T>(method: 'POST' | 'PUT', url: string, payload: object, status = method === 'POST' ? 201 : 200) {
  const answer = await fetch(`${server.url}/api/v1${url}`, {
    method,
    headers: { ...(staffToken ? auth(staffToken) : {}), 'content-type': 'application/json' },
    body: JSON.stringify(payload),
  });
  const text = await answer.text();
  if (answer.status !== status) throw new Error(`${method} ${url}: ${answer.status} ${text}`);
  return JSON.parse(text) as T;
}

beforeAll(async () => {
  execFileSync('make', ['-s', '-C', join(__dirname, '..'), 'all'], { stdio: 'inherit' });
  server = await startRealServer();
  t = server.t;
  const manufacturerId = (await createManufacturer(t.db, 'Seat Audio', { email: 'seats@example.com', country_code: 'DE' })).id;
  await createSystemUser(t.db, 'staff@seat.example', manufacturerId);
  staffToken = (await staff<{ token: string }>('POST', '/systemusers/login', { email: 'staff@seat.example', password: PASSWORD }, 200)).token;
  product = await staff<Product>('POST', '/products', { name: 'Seat Reverb', type: 'Full', plugin_name: 'SeatReverb', identifier: 'com.seat.reverb' });
  const policy: Partial<PolicyBody> = { model: 'floating', seats: 1, lease_minutes: 15, max_borrow_days: MAX_BORROW_DAYS };
  await staff('PUT', `/products/${product.id}/policies/Standard`, { ...PLAIN_POLICY, ...policy });
  const user = await staff<{ id: number }>('POST', '/users', { email: 'school@listener.example' });
  license = await staff<License>('POST', `/users/${user.id}/licenses`, { product_id: product.id, license_type: 'Standard' });
  relay = new Relay(server.url);
  await relay.start();
}, 180_000);
afterAll(async () => {
  await relay?.stop();
  await server?.stop();
});
beforeEach(async () => {
  relay.reset();
  // Every call comes from one address, and each test starts with the seat free.
  await sql`DELETE FROM rate_limits`.execute(t.db);
  await sql`DELETE FROM license_leases WHERE license_id = ${license.id}`.execute(t.db);
  stateDirs = { [STUDIO]: mkdtempSync(join(tmpdir(), 'producthub-seat-real-a-')), [LAPTOP]: mkdtempSync(join(tmpdir(), 'producthub-seat-real-b-')) };
});
afterEach(() => {
  for (const child of running.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
  for (const dir of Object.values(stateDirs)) rmSync(dir, { recursive: true, force: true });
});

const argsOf = (machine: string, command: string, extra: string[]) => [
  command,
  '--server',
  relay.url,
  '--product-id',
  String(product.id),
  '--public-key',
  product.public_key,
  '--fingerprint',
  machine,
  '--state-dir',
  stateDirs[machine],
  '--machine-name',
  machine === STUDIO ? 'Studio Mac' : 'Laptop',
  ...extra,
];

const plugin = (machine: string, command: string, ...extra: string[]) => runPlugin(argsOf(machine, command, extra));

/** A plugin running with its seat held by FloatingSeat: resolves once it holds the seat. */
const holding = (machine: string) =>
  holdSeat(argsOf(machine, 'checkout', ['--serial', license.serial, '--hold-seconds', '120']), running);

const sentTo = (call: string) => relay.sent.filter((request) => request.route === `POST ${SEATS}/${call}`);
const liveLeases = async () =>
  (await sql<{ hardware_fingerprint: string }>`SELECT hardware_fingerprint FROM license_leases WHERE license_id = ${license.id} AND expires_at > now()`.execute(t.db)).rows.map(
    (row) => row.hardware_fingerprint,
  );

describe('floating seats: the C++ example plugin against the real server', () => {
  it('two machines share one seat: the second is refused, then gets it once the first checks in', async () => {
    const first = await plugin(STUDIO, 'checkout', '--serial', license.serial.toLowerCase());
    expect(first).toEqual({ exit: 0, output: expect.objectContaining({ ok: true, serial: license.serial, borrowed: false }) });
    expect(JSON.parse(readFileSync(join(stateDirs[STUDIO], 'lease.json'), 'utf8'))).toMatchObject({ lease_id: first.output.lease_id });
    expect(await liveLeases()).toEqual([STUDIO]);

    const refused = await plugin(LAPTOP, 'checkout', '--serial', license.serial);
    const freesAt = new Date(refused.output.frees_at as string);
    expect(refused).toEqual({ exit: 1, output: expect.objectContaining({ ok: false, status: 409, message: seatsInUse(1, freesAt) }) });
    expect(existsSync(join(stateDirs[LAPTOP], 'lease.json'))).toBe(false);

    const renewed = await plugin(STUDIO, 'heartbeat');
    expect(renewed).toMatchObject({ exit: 0, output: { lease_id: first.output.lease_id } });
    expect(sentTo('heartbeats')[0].body).toEqual({ product_id: product.id, serial: license.serial, hardware_fingerprint: STUDIO, lease_id: first.output.lease_id });

    expect(await plugin(STUDIO, 'checkin')).toMatchObject({ exit: 0, output: { lease_id: first.output.lease_id, checked_in_at: expect.any(String) } });
    expect(existsSync(join(stateDirs[STUDIO], 'lease.json'))).toBe(false);
    expect(await liveLeases()).toEqual([]);
    expect(await plugin(LAPTOP, 'checkout', '--serial', license.serial)).toMatchObject({ exit: 0, output: { ok: true } });
    expect(await liveLeases()).toEqual([LAPTOP]);
  });

  it('FloatingSeat holds the seat while the plugin runs and checks it in when the plugin closes', async () => {
    const held = await holding(STUDIO);
    expect(await plugin(LAPTOP, 'checkout', '--serial', license.serial)).toMatchObject({ exit: 1, output: { status: 409 } });
    held.child.kill('SIGTERM');
    expect(await held.ended).toEqual({ exit: 0, output: expect.objectContaining({ ok: true }) });
    expect(sentTo('checkins').map((request) => request.body)).toEqual([expect.objectContaining({ hardware_fingerprint: STUDIO })]);
    expect(await plugin(LAPTOP, 'checkout', '--serial', license.serial)).toMatchObject({ exit: 0, output: { ok: true } });
  });

  it('after a kill -9 of the plugin holding the seat, the seat frees only when its lease runs out', async () => {
    const held = await holding(STUDIO);
    held.child.kill('SIGKILL');
    await held.ended;
    const refused = await plugin(LAPTOP, 'checkout', '--serial', license.serial);
    expect(refused).toMatchObject({ exit: 1, output: { status: 409 } });
    expect(sentTo('checkins')).toHaveLength(0);

    // The lease's time passes: nothing sweeps it, the seat is free because its end is in the past.
    await sql`UPDATE license_leases SET expires_at = now() - interval '1 second' WHERE license_id = ${license.id}`.execute(t.db);
    const taken = await plugin(LAPTOP, 'checkout', '--serial', license.serial);
    expect(taken).toMatchObject({ exit: 0, output: { ok: true, borrowed: false } });
    expect(await liveLeases()).toEqual([LAPTOP]);
  });

  it("borrows the seat within the policy's days; beyond them the server's words are passed on and nothing is saved", async () => {
    const beyond = await plugin(LAPTOP, 'borrow', '--serial', license.serial, '--days', String(MAX_BORROW_DAYS + 1));
    expect(beyond).toEqual({ exit: 1, output: expect.objectContaining({ ok: false, status: 400, message: borrowTooLong(MAX_BORROW_DAYS) }) });
    expect(existsSync(join(stateDirs[LAPTOP], 'lease.json'))).toBe(false);

    const borrowed = await plugin(LAPTOP, 'borrow', '--serial', license.serial, '--days', '3');
    expect(borrowed).toMatchObject({ exit: 0, output: { borrowed: true } });
    expect(Date.parse(borrowed.output.expires_at as string)).toBeGreaterThan(Date.now() + 2 * 86_400_000);
    // A borrowed seat is held offline: the studio is refused until it is returned.
    expect(await plugin(STUDIO, 'checkout', '--serial', license.serial)).toMatchObject({ exit: 1, output: { status: 409 } });
    expect(await plugin(LAPTOP, 'checkin')).toMatchObject({ exit: 0 });
    expect(await plugin(STUDIO, 'checkout', '--serial', license.serial)).toMatchObject({ exit: 0, output: { ok: true } });
  });
});
