import { execFileSync, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LEASE_FORMAT } from 'signed-formats';
import { LoopbackServer, type RecordedRequest } from '../../client-js/src/test-support/loopback-server';
import { signDocument, testProductKey } from '../../client-js/src/test-support/test-signer';
import { SAMPLE_SERIAL, signedTime } from '../../client-js/src/test-support/sample-claims';
import { holdSeat, runPlugin, type PluginRun } from './support/seat-plugin';

// The example plugin's floating-seat commands and the library's FloatingSeat helper, against a loopback server that
// keeps one floating licence's seats the way docs/client-api.md says the real one does, and signs its leases with a
// test key: one seat, leases of LEASE_SECONDS, borrowing for up to MAX_BORROW_DAYS days.
const PRODUCT_ID = 7;
const SERIAL = SAMPLE_SERIAL;
const STUDIO = 'HWFP2-STUDIO | Mac=Pro | 機械';
const LAPTOP = 'HWFP2-LAPTOP';
const LEASE_SECONDS = 3;
const MAX_BORROW_DAYS = 7;
const API = '/api/v1/clients/app';
const key = testProductKey();
const otherKey = testProductKey();

interface HeldLease {
  id: string;
  fingerprint: string;
  expiresAt: number;
  borrowed: boolean;
}

/** The licence's seats: a lease holds its seat until its time passes (nothing sweeps), as on the server. */
class SeatKeeper {
  leases: HeldLease[] = [];
  signingKey = key.privateKey;

  live(now = Date.now()) {
    this.leases = this.leases.filter((lease) => lease.expiresAt > now);
    return this.leases;
  }

  lease(lease: HeldLease) {
    const now = Date.now();
    return signDocument(
      LEASE_FORMAT,
      {
        product_id: PRODUCT_ID,
        serial: SERIAL,
        hardware_fingerprint: lease.fingerprint,
        lease_id: lease.id,
        borrowed: lease.borrowed,
        expires_at: signedTime(lease.expiresAt),
        edition: 'Pro',
        features: [{ key: 'surround' }],
        issued_at: signedTime(now),
      },
      this.signingKey,
    );
  }

  /** Checkout and borrow: the machine's own lease is kept (renewed), a new one needs a free seat. */
  checkOut(request: RecordedRequest) {
    const body = request.body as { hardware_fingerprint: string; days?: number };
    if (body.days !== undefined && body.days > MAX_BORROW_DAYS)
      return { status: 400, json: { message: [`A seat of this license can be borrowed for at most ${MAX_BORROW_DAYS} days.`] } };
    const now = Date.now();
    // Times are signed in whole seconds: a lease ends on a whole second.
    const expiresAt = Math.floor((now + (body.days ? body.days * 86_400_000 : LEASE_SECONDS * 1000)) / 1000) * 1000;
    const live = this.live(now);
    let lease = live.find((each) => each.fingerprint === body.hardware_fingerprint);
    if (!lease && live.length >= 1) {
      const freesAt = signedTime(live[0].expiresAt);
      return { status: 409, json: { message: [`All 1 seat is in use. The first frees at ${freesAt} unless its machine renews it; try again then.`], frees_at: freesAt } };
    }
    if (!lease) this.leases.push((lease = { id: randomUUID(), fingerprint: body.hardware_fingerprint, expiresAt, borrowed: false }));
    lease.expiresAt = Math.max(lease.expiresAt, expiresAt);
    lease.borrowed ||= body.days !== undefined;
    return { json: this.lease(lease) };
  }

  /** Heart-beat and check-in name a lease: another machine's is 403, an unknown or ended one 404. */
  ownLease(request: RecordedRequest): HeldLease | { status: number; json: unknown } {
    const body = request.body as { hardware_fingerprint: string; lease_id: string };
    const lease = this.live().find((each) => each.id === body.lease_id);
    if (!lease) return { status: 404, json: { message: ['Lease not found'] } };
    if (lease.fingerprint !== body.hardware_fingerprint)
      return { status: 403, json: { message: ['This lease belongs to another machine: a machine renews and checks in only its own lease.'] } };
    return lease;
  }

  heartbeat(request: RecordedRequest) {
    const lease = this.ownLease(request);
    if (!('id' in lease)) return lease;
    lease.expiresAt = Math.max(lease.expiresAt, Math.floor((Date.now() + LEASE_SECONDS * 1000) / 1000) * 1000);
    return { json: this.lease(lease) };
  }

  checkIn(request: RecordedRequest) {
    const lease = this.ownLease(request);
    if (!('id' in lease)) return lease;
    this.leases = this.leases.filter((each) => each !== lease);
    return { json: { lease_id: lease.id, serial: SERIAL, hardware_fingerprint: lease.fingerprint, checked_in_at: signedTime(Date.now()) } };
  }
}

const server = new LoopbackServer();
let seats: SeatKeeper;
let stateDirs: Record<string, string>;
const running: ChildProcess[] = [];

beforeAll(async () => {
  execFileSync('make', ['-s', '-C', join(__dirname, '..'), 'all'], { stdio: 'inherit' });
  await server.start();
});
afterAll(() => server.stop());
beforeEach(() => {
  server.requests.length = 0;
  seats = new SeatKeeper();
  server.on(`POST ${API}/seats/checkouts`, (request) => seats.checkOut(request));
  server.on(`POST ${API}/seats/borrows`, (request) => seats.checkOut(request));
  server.on(`POST ${API}/seats/heartbeats`, (request) => seats.heartbeat(request));
  server.on(`POST ${API}/seats/checkins`, (request) => seats.checkIn(request));
  stateDirs = { [STUDIO]: mkdtempSync(join(tmpdir(), 'producthub-seat-a-')), [LAPTOP]: mkdtempSync(join(tmpdir(), 'producthub-seat-b-')) };
});
afterEach(() => {
  for (const child of running.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
  for (const dir of Object.values(stateDirs)) rmSync(dir, { recursive: true, force: true });
});

const argsOf = (machine: string, command: string, extra: string[]) => [
  command,
  '--server',
  server.url,
  '--product-id',
  String(PRODUCT_ID),
  '--public-key',
  key.publicKeyBase64,
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
  holdSeat(argsOf(machine, 'checkout', ['--serial', SERIAL, '--hold-seconds', '120']), running);

const callsTo = (path: string, machine?: string) =>
  server.requests.filter(
    (request) => request.path === `${API}${path}` && (!machine || (request.body as { hardware_fingerprint: string }).hardware_fingerprint === machine),
  );

async function until(condition: () => boolean | Promise<boolean>, timeoutMs: number) {
  const started = Date.now();
  while (!(await condition())) {
    if (Date.now() - started > timeoutMs) throw new Error(`not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('floating seats in the C++ example plugin', () => {
  it('two machines share one seat: the second is refused, then gets it once the first checks in', async () => {
    const first = await plugin(STUDIO, 'checkout', '--serial', SERIAL.toLowerCase());
    expect(first).toEqual({
      exit: 0,
      output: expect.objectContaining({ ok: true, serial: SERIAL, borrowed: false, edition: 'Pro', features: [{ key: 'surround' }] }),
    });
    expect(callsTo('/seats/checkouts')[0].body).toEqual({ product_id: PRODUCT_ID, serial: SERIAL, hardware_fingerprint: STUDIO, machine_name: 'Studio Mac' });
    expect(JSON.parse(readFileSync(join(stateDirs[STUDIO], 'lease.json'), 'utf8'))).toMatchObject({ lease_id: first.output.lease_id });

    const refused = await plugin(LAPTOP, 'checkout', '--serial', SERIAL);
    expect(refused).toEqual({ exit: 1, output: expect.objectContaining({ ok: false, status: 409, frees_at: expect.any(String), message: expect.stringMatching(/^All 1 seat is in use\./) }) });
    expect(existsSync(join(stateDirs[LAPTOP], 'lease.json'))).toBe(false);

    const renewed = await plugin(STUDIO, 'heartbeat');
    expect(renewed).toMatchObject({ exit: 0, output: { lease_id: first.output.lease_id } });
    expect(callsTo('/seats/heartbeats')[0].body).toEqual({ product_id: PRODUCT_ID, serial: SERIAL, hardware_fingerprint: STUDIO, lease_id: first.output.lease_id });

    expect(await plugin(STUDIO, 'checkin')).toMatchObject({ exit: 0, output: { lease_id: first.output.lease_id, checked_in_at: expect.any(String) } });
    expect(existsSync(join(stateDirs[STUDIO], 'lease.json'))).toBe(false);
    expect(await plugin(LAPTOP, 'checkout', '--serial', SERIAL)).toMatchObject({ exit: 0, output: { ok: true } });
  });

  it('FloatingSeat renews the seat at half the lease while the plugin runs and checks it in when the plugin closes', async () => {
    const held = await holding(STUDIO);
    await until(() => callsTo('/seats/heartbeats', STUDIO).length >= 2, 10_000);
    // Renewed before it ran out: the seat stayed this machine's past the first lease's end.
    expect(seats.live().map((lease) => lease.fingerprint)).toEqual([STUDIO]);
    expect(await plugin(LAPTOP, 'checkout', '--serial', SERIAL)).toMatchObject({ exit: 1, output: { status: 409 } });

    const stopped = Date.now();
    held.child.kill('SIGTERM');
    const ended = await held.ended;
    expect(Date.now() - stopped).toBeLessThan(2_000);
    expect(ended).toEqual({ exit: 0, output: expect.objectContaining({ ok: true, renewals: expect.any(Number) }) });
    expect(ended.output.renewals).toBeGreaterThanOrEqual(2);
    expect(callsTo('/seats/checkins', STUDIO)).toHaveLength(1);
    expect(await plugin(LAPTOP, 'checkout', '--serial', SERIAL)).toMatchObject({ exit: 0 });
  });

  it('after a kill -9 of the plugin holding the seat, the seat frees when its lease expires', async () => {
    const held = await holding(STUDIO);
    await until(() => callsTo('/seats/heartbeats', STUDIO).length >= 1, 10_000);
    held.child.kill('SIGKILL');
    await held.ended;
    const killedAt = Date.now();
    const refused = await plugin(LAPTOP, 'checkout', '--serial', SERIAL);
    expect(refused).toMatchObject({ exit: 1, output: { status: 409 } });
    expect(callsTo('/seats/checkins')).toHaveLength(0);

    let taken: PluginRun | undefined;
    await until(async () => (taken = await plugin(LAPTOP, 'checkout', '--serial', SERIAL)).exit === 0, 10_000);
    expect(taken!.output).toMatchObject({ ok: true, borrowed: false });
    // Not before the killed machine's lease ran out (at most LEASE_SECONDS after its last renewal).
    expect(Date.parse(refused.output.frees_at as string)).toBeGreaterThan(killedAt - 1000);
    expect(Date.now()).toBeGreaterThanOrEqual(Date.parse(refused.output.frees_at as string));
  });

  it('loses the seat when the server stops renewing it (released by staff), and says so', async () => {
    const held = await holding(STUDIO);
    seats.leases = [];
    const ended = await held.ended;
    expect(ended).toEqual({ exit: 1, output: expect.objectContaining({ ok: false, message: 'Lease not found' }) });
    expect(held.stderr()).toContain('Lost the seat: Lease not found');
    expect(callsTo('/seats/checkins')).toHaveLength(0);
  });

  it("borrows a seat within the policy's days; beyond them the server's message is passed on and nothing is saved", async () => {
    const beyond = await plugin(LAPTOP, 'borrow', '--serial', SERIAL, '--days', '30');
    expect(beyond).toEqual({
      exit: 1,
      output: expect.objectContaining({ ok: false, status: 400, message: `A seat of this license can be borrowed for at most ${MAX_BORROW_DAYS} days.` }),
    });
    expect(existsSync(join(stateDirs[LAPTOP], 'lease.json'))).toBe(false);
    const borrowed = await plugin(LAPTOP, 'borrow', '--serial', SERIAL, '--days', '3');
    expect(borrowed).toMatchObject({ exit: 0, output: { borrowed: true } });
    expect(Date.parse(borrowed.output.expires_at as string)).toBeGreaterThan(Date.now() + 2 * 86_400_000);
    expect(callsTo('/seats/borrows')[1].body).toMatchObject({ days: 3, hardware_fingerprint: LAPTOP });
  });

  it('refuses a lease signed with another key, or naming another machine, and saves nothing', async () => {
    seats.signingKey = otherKey.privateKey;
    expect(await plugin(STUDIO, 'checkout', '--serial', SERIAL)).toMatchObject({ exit: 3, output: { reason: 'bad-signature' } });
    expect(existsSync(join(stateDirs[STUDIO], 'lease.json'))).toBe(false);

    seats.signingKey = key.privateKey;
    seats.leases = [];
    // A lease for another machine (a proxy answering with someone else's lease).
    server.on(`POST ${API}/seats/checkouts`, (request) =>
      seats.checkOut({ ...request, body: { ...(request.body as object), hardware_fingerprint: LAPTOP } }),
    );
    expect(await plugin(STUDIO, 'checkout', '--serial', SERIAL)).toMatchObject({ exit: 3, output: { reason: 'wrong-fingerprint' } });
    expect(existsSync(join(stateDirs[STUDIO], 'lease.json'))).toBe(false);
  });
});
