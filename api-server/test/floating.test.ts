import { sql } from 'kysely';
import { LEASE_FORMAT, verifyLease } from 'signed-formats';
import { auth, tableDigest } from './support/fixtures';
import {
  auditRowCount,
  clientApiSuite,
  clientAudit,
  clientPost,
  resetRateLimits,
  verifiedDocument,
} from './client-fixtures';
import { CLIENT_CALLS_PER_SUBJECT } from '../src/clients/routes/client-guard';
import { makeSynthFloating, seatCalls, seatsOf } from './floating-fixtures';
import { insertEndpoint } from '../src/webhooks/endpoints';
import { generateSecret } from '../src/webhooks/signature';
import {
  LEASE_OF_ANOTHER_MACHINE,
  NOT_FLOATING,
  NO_BORROWING,
  borrowTooLong,
  floatingLicenseDisabled,
} from '../src/floating/lease-rules';
import { FLOATING_LICENSE_NOT_ACTIVATED } from '../src/licenses/activation/activate-machine';

const MINUTE = 60_000;

describe('floating seats: check out, heart-beat, check in, borrow', () => {
  const suite = clientApiSuite({ trial_days: 7, machine_limit: 1 });
  const t = () => suite.t;
  const world = () => suite.world;
  const calls = () => seatCalls(t(), world().synth.id, world().bobSynth.serial);
  const leaseOf = (body: string) => verifiedDocument(LEASE_FORMAT, body, world().synth.public_key);
  const checkedOut = async (fingerprint: string) => {
    const answer = await calls().checkout(fingerprint);
    expect(answer.statusCode).toBe(200);
    return leaseOf(answer.body);
  };
  const clearLeases = () => sql`DELETE FROM license_leases`.execute(t().db);

  beforeAll(async () => {
    await makeSynthFloating(t(), world(), { seats: 2 });
    const { rows } = await sql<{ id: number }>`
      WITH feature AS (INSERT INTO product_features (manufacturer_id, product_id, key, label)
        VALUES (${world().manufacturerA.id}, ${world().synth.id}, 'surround', 'Surround') RETURNING id),
      edition AS (INSERT INTO product_editions (manufacturer_id, product_id, name)
        VALUES (${world().manufacturerA.id}, ${world().synth.id}, 'Pro') RETURNING id),
      link AS (INSERT INTO product_edition_features (edition_id, feature_id) SELECT edition.id, feature.id FROM edition, feature)
      SELECT id FROM edition`.execute(t().db);
    await sql`UPDATE licenses SET edition_id = ${rows[0]!.id} WHERE id = ${world().bobSynth.id}`.execute(t().db);
    await insertEndpoint(t().db, t().masterKey, {
      manufacturer_id: world().manufacturerA.id,
      url: 'https://93.184.215.14/hook',
      secret: generateSecret(),
      event_types: ['seat.checked_out', 'seat.checked_in', 'seat.released'],
      enabled: true,
    });
  });
  beforeEach(clearLeases);

  it('checks out a signed lease for the machine, with the edition’s features; the same machine keeps its seat', async () => {
    const before = Date.now();
    const answer = await calls().checkout(' MACHINE-A ', { machine_name: 'Studio Mac' });
    expect(answer.statusCode).toBe(200);
    const verified = verifyLease(answer.body, world().synth.public_key, {
      productId: world().synth.id,
      serial: world().bobSynth.serial,
      hardwareFingerprint: 'MACHINE-A',
    });
    expect(verified).toMatchObject({ valid: true });
    const lease = leaseOf(answer.body);
    expect(lease).toMatchObject({ borrowed: false, edition: 'Pro', features: [{ key: 'surround' }] });
    const expiresIn = Date.parse(lease.expires_at as string) - before;
    expect(expiresIn).toBeGreaterThan(14 * MINUTE);
    expect(expiresIn).toBeLessThanOrEqual(15 * MINUTE);
    const audits = await clientAudit(t(), 'client.seat.check_out');
    expect(audits.at(-1)).toMatchObject({ entity_type: 'license', entity_id: String(world().bobSynth.id) });
    expect(audits.at(-1)!.after).toMatchObject({
      lease_id: lease.lease_id,
      machine_name: 'Studio Mac',
      borrowed: false,
    });

    const auditsBefore = await auditRowCount(t());
    const again = leaseOf((await calls().checkout('MACHINE-A')).body);
    expect(again.lease_id).toBe(lease.lease_id);
    expect(await auditRowCount(t())).toBe(auditsBefore);
    expect(await seatsOf(t(), world().bobSynth.id)).toBe(1);
    const events = await sql<{ type: string }>`SELECT type FROM webhook_events WHERE type LIKE 'seat.%'`.execute(
      t().db,
    );
    expect(events.rows.map((row) => row.type)).toContain('seat.checked_out');
  });

  it('audits a new lease and a borrow with exactly what they hold; a machine whose lease ended gets a new one', async () => {
    const auditOf = async (action: string) => {
      const row = (await clientAudit(t(), action)).at(-1)!;
      return { ...row, id: undefined, created_at: undefined };
    };
    const rowOf = (action: string, after: Record<string, unknown>) => ({
      id: undefined,
      created_at: undefined,
      manufacturer_id: world().manufacturerA.id,
      actor_system_user_id: null,
      actor_end_user_id: null,
      actor_api_key_id: null,
      action,
      entity_type: 'license',
      entity_id: String(world().bobSynth.id),
      before: null,
      after: { actor: 'client', address: '127.0.0.1', hardware_fingerprint: 'MACHINE-A', ...after },
    });
    const first = leaseOf((await calls().checkout('MACHINE-A', { machine_name: 'Studio Mac' })).body);
    expect(await auditOf('client.seat.check_out')).toEqual(
      rowOf('client.seat.check_out', {
        lease_id: first.lease_id,
        machine_name: 'Studio Mac',
        borrowed: false,
        expires_at: first.expires_at,
      }),
    );
    // A borrow of the seat the machine holds keeps its lease, made borrowed, and is audited.
    const borrowed = leaseOf((await calls().borrow('MACHINE-A', 2)).body);
    expect(borrowed).toMatchObject({ lease_id: first.lease_id, borrowed: true });
    expect(await auditOf('client.seat.borrow')).toEqual(
      rowOf('client.seat.borrow', {
        lease_id: first.lease_id,
        machine_name: 'Studio Mac',
        borrowed: true,
        expires_at: borrowed.expires_at,
      }),
    );
    await sql`UPDATE license_leases SET expires_at = now() - interval '1 second'`.execute(t().db);
    const again = leaseOf((await calls().checkout('MACHINE-A')).body);
    expect(again).toMatchObject({ borrowed: false });
    expect(again.lease_id).not.toBe(first.lease_id);
    expect(await seatsOf(t(), world().bobSynth.id)).toBe(1);
    expect(await auditOf('client.seat.check_out')).toEqual(
      rowOf('client.seat.check_out', {
        lease_id: again.lease_id,
        machine_name: null,
        borrowed: false,
        expires_at: again.expires_at,
      }),
    );
    expect((await calls().checkin('MACHINE-A', again.lease_id as string)).statusCode).toBe(200);
    expect(await auditOf('client.seat.check_in')).toEqual({
      ...rowOf('client.seat.check_in', {}),
      before: { lease_id: again.lease_id, hardware_fingerprint: 'MACHINE-A', borrowed: false },
      after: { actor: 'client', address: '127.0.0.1' },
    });
  });

  it('refuses a check-out when every seat is taken, saying when the first frees', async () => {
    const first = await checkedOut('MACHINE-A');
    await checkedOut('MACHINE-B');
    const refused = await calls().checkout('MACHINE-C');
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      message: [expect.stringContaining('All 2 seats are in use. The first frees at ' + first.expires_at)],
      frees_at: first.expires_at,
    });
    expect(await seatsOf(t(), world().bobSynth.id)).toBe(2);
  });

  it('frees a seat whose lease time has passed, with nothing sweeping', async () => {
    const first = await checkedOut('MACHINE-A');
    await checkedOut('MACHINE-B');
    await sql`UPDATE license_leases SET expires_at = now() - interval '1 second' WHERE id = ${first.lease_id as string}`.execute(
      t().db,
    );
    const late = await calls().heartbeat('MACHINE-A', first.lease_id as string);
    expect(late.statusCode).toBe(409);
    expect(late.json().message[0]).toMatch(/expired .* check out a seat again/);
    expect((await calls().checkout('MACHINE-C')).statusCode).toBe(200);
    // The check-out cleared the ended lease: it is unknown now.
    expect((await calls().heartbeat('MACHINE-A', first.lease_id as string)).statusCode).toBe(404);
  });

  it('heart-beats extend only the caller’s own lease, with no audit', async () => {
    const lease = await checkedOut('MACHINE-A');
    await sql`UPDATE license_leases SET expires_at = now() + interval '1 minute'`.execute(t().db);
    const auditsBefore = await auditRowCount(t());
    const beat = await calls().heartbeat('MACHINE-A', lease.lease_id as string);
    expect(beat.statusCode).toBe(200);
    const renewed = leaseOf(beat.body);
    expect(renewed.lease_id).toBe(lease.lease_id);
    expect(Date.parse(renewed.expires_at as string) - Date.now()).toBeGreaterThan(14 * MINUTE);
    expect(await auditRowCount(t())).toBe(auditsBefore);

    const stolen = await calls().heartbeat('MACHINE-B', lease.lease_id as string);
    expect(stolen.statusCode).toBe(403);
    expect(stolen.json()).toEqual({ message: [LEASE_OF_ANOTHER_MACHINE] });
    const unknown = await calls().heartbeat('MACHINE-A', '00000000-0000-4000-8000-000000000000');
    expect(unknown.statusCode).toBe(404);
    expect((await calls().checkin('MACHINE-B', lease.lease_id as string)).statusCode).toBe(403);
    expect(await seatsOf(t(), world().bobSynth.id)).toBe(1);
  });

  it('counts heart-beats against the machine’s limit in the same statement: over it, 429 and the lease unchanged', async () => {
    await resetRateLimits(t());
    const lease = await checkedOut('MACHINE-A');
    await sql`UPDATE license_leases SET expires_at = now() + interval '1 minute'`.execute(t().db);
    // The check-out was the machine's first call of the minute.
    for (let n = 1; n < CLIENT_CALLS_PER_SUBJECT; n++)
      expect((await calls().heartbeat('MACHINE-A', lease.lease_id as string)).statusCode).toBe(200);
    await sql`UPDATE license_leases SET expires_at = now() + interval '1 minute'`.execute(t().db);
    const refused = await calls().heartbeat('MACHINE-A', lease.lease_id as string);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    const { rows } = await sql<{ left: number }>`
      SELECT extract(epoch FROM expires_at - now())::integer AS left FROM license_leases`.execute(t().db);
    expect(rows[0]!.left).toBeLessThanOrEqual(60);
    await resetRateLimits(t());
  });

  it('checks in the caller’s own seat at once, audited', async () => {
    const a = await checkedOut('MACHINE-A');
    await checkedOut('MACHINE-B');
    const checkin = await calls().checkin('MACHINE-A', a.lease_id as string);
    expect(checkin.statusCode).toBe(200);
    expect(checkin.json()).toMatchObject({ lease_id: a.lease_id, hardware_fingerprint: 'MACHINE-A' });
    expect((await clientAudit(t(), 'client.seat.check_in')).at(-1)!.before).toMatchObject({ lease_id: a.lease_id });
    expect((await calls().checkout('MACHINE-C')).statusCode).toBe(200);
    expect((await calls().checkin('MACHINE-A', a.lease_id as string)).statusCode).toBe(404);
  });

  it('borrows up to the policy’s days; more is a 400 naming the limit', async () => {
    const held = await seatsOf(t(), world().bobSynth.id);
    const tooLong = await calls().borrow('MACHINE-A', 8);
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()).toEqual({ message: [borrowTooLong(7)] });
    expect(await seatsOf(t(), world().bobSynth.id)).toBe(held);
    const answer = await calls().borrow('MACHINE-A', 7);
    expect(answer.statusCode).toBe(200);
    const lease = leaseOf(answer.body);
    expect(lease.borrowed).toBe(true);
    expect(Date.parse(lease.expires_at as string) - Date.now()).toBeGreaterThan(7 * 24 * 60 * MINUTE - MINUTE);
    expect((await clientAudit(t(), 'client.seat.borrow')).at(-1)!.after).toMatchObject({ borrowed: true });
    // Returned early by a check-in.
    expect((await calls().checkin('MACHINE-A', lease.lease_id as string)).statusCode).toBe(200);
    expect(await seatsOf(t(), world().bobSynth.id)).toBe(0);

    await makeSynthFloating(t(), world(), { seats: 2, max_borrow_days: null });
    try {
      expect((await calls().borrow('MACHINE-A', 1)).json()).toEqual({ message: [NO_BORROWING] });
      expect(await seatsOf(t(), world().bobSynth.id)).toBe(0);
    } finally {
      await makeSynthFloating(t(), world(), { seats: 2 });
    }
  });

  it('a policy change to fewer seats: existing leases run to their expiry, new ones are refused', async () => {
    const a = await checkedOut('MACHINE-A');
    const b = await checkedOut('MACHINE-B');
    await makeSynthFloating(t(), world(), { seats: 1 });
    try {
      expect((await calls().checkout('MACHINE-C')).statusCode).toBe(409);
      const beat = await calls().heartbeat('MACHINE-A', a.lease_id as string);
      expect(beat.statusCode).toBe(409);
      expect(beat.json().message[0]).toContain('now has 1 seat');
      expect((await calls().checkout('MACHINE-A')).statusCode).toBe(409);
      expect(await seatsOf(t(), world().bobSynth.id)).toBe(2);
      // Once the licence is back within its seats, the remaining lease is renewed again.
      expect((await calls().checkin('MACHINE-A', a.lease_id as string)).statusCode).toBe(200);
      expect((await calls().heartbeat('MACHINE-B', b.lease_id as string)).statusCode).toBe(200);
    } finally {
      await makeSynthFloating(t(), world(), { seats: 2 });
    }
  });

  it('answers a node-locked, a deactivated and an unknown licence with its own error', async () => {
    const nodeLocked = seatCalls(t(), world().synth.id, world().annSynth.serial);
    expect((await nodeLocked.checkout('MACHINE-A')).json()).toEqual({ message: [NOT_FLOATING] });
    expect((await nodeLocked.borrow('MACHINE-A', 1)).statusCode).toBe(409);
    await sql`UPDATE licenses SET disabled = true, disabled_reason = 'FraudulentUse' WHERE id = ${world().bobSynth.id}`.execute(
      t().db,
    );
    try {
      const disabled = await calls().checkout('MACHINE-A');
      expect(disabled.statusCode).toBe(409);
      expect(disabled.json()).toEqual({ message: [floatingLicenseDisabled('FraudulentUse')] });
    } finally {
      await sql`UPDATE licenses SET disabled = false, disabled_reason = NULL WHERE id = ${world().bobSynth.id}`.execute(
        t().db,
      );
    }
    expect((await seatCalls(t(), world().synth.id, 'NO-SUCH-SERIAL').checkout('MACHINE-A')).statusCode).toBe(404);
    expect((await seatCalls(t(), world().drums.id, world().bobSynth.serial).checkout('MACHINE-A')).statusCode).toBe(
      404,
    );
  });

  it('staff see the seats in use and release one, audited; another manufacturer sees nothing', async () => {
    const a = await checkedOut('MACHINE-A');
    await calls().checkout('MACHINE-B', { machine_name: 'Edit Bay 2' });
    const url = `/api/v1/licenses/${world().bobSynth.id}/leases`;
    const list = await t().app.inject({ url, headers: auth(world().staffAToken) });
    expect(list.statusCode).toBe(200);
    expect(list.json().seats).toBe(2);
    expect(list.json().leases).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: a.lease_id, name: null, hardware_fingerprint: 'MACHINE-A', borrowed: false }),
        expect.objectContaining({ name: 'Edit Bay 2', hardware_fingerprint: 'MACHINE-B' }),
      ]),
    );
    const other = await t().app.inject({ url, headers: auth(world().staffBToken) });
    expect(other.statusCode).toBe(404);
    const releaseUrl = `${url}/${a.lease_id as string}/release`;
    expect(
      (await t().app.inject({ method: 'POST', url: releaseUrl, headers: auth(world().staffBToken) })).statusCode,
    ).toBe(404);
    const released = await t().app.inject({ method: 'POST', url: releaseUrl, headers: auth(world().staffAToken) });
    expect(released.statusCode).toBe(200);
    expect(await seatsOf(t(), world().bobSynth.id)).toBe(1);
    const audit = await sql<{ action: string; actor_system_user_id: number | null }>`
      SELECT action, actor_system_user_id FROM audit_log WHERE action = 'license_lease.release'`.execute(t().db);
    expect(audit.rows).toHaveLength(1);
    expect(audit.rows[0]!.actor_system_user_id).not.toBeNull();
    expect((await calls().heartbeat('MACHINE-A', a.lease_id as string)).statusCode).toBe(404);
    expect(
      (await t().app.inject({ method: 'POST', url: releaseUrl, headers: auth(world().staffAToken) })).statusCode,
    ).toBe(404);
    const nodeLocked = await t().app.inject({
      url: `/api/v1/licenses/${world().annSynth.id}/leases`,
      headers: auth(world().staffAToken),
    });
    expect(nodeLocked.json()).toEqual({ seats: null, leases: [] });
  });

  it('refuses to activate or validate a floating licence node-locked, sending the plugin to check out a seat', async () => {
    const machine = {
      product_id: world().synth.id,
      serial: world().bobSynth.serial,
      hardware_fingerprint: 'MACHINE-NODE',
      hardware_fingerprint_version: 2,
      signature_seed_version: 5,
    };
    const tables = ['license_activations', 'license_machines', 'fingerprints', 'audit_log'];
    const before = await Promise.all(tables.map((table) => tableDigest(t().db, table)));
    const refused = { message: [FLOATING_LICENSE_NOT_ACTIVATED] };

    const client = await clientPost(t(), '/activations', machine);
    expect([client.statusCode, client.json()]).toEqual([409, refused]);
    const staff = await t().app.inject({
      method: 'POST',
      url: `/api/v1/licenses/${world().bobSynth.id}/activations`,
      headers: auth(world().staffAToken),
      payload: { hardware_fingerprint: 'MACHINE-NODE', hardware_fingerprint_version: 2, signature_seed_version: 5 },
    });
    expect([staff.statusCode, staff.json()]).toEqual([409, refused]);
    const validation = await clientPost(t(), '/validations', {
      product_id: world().synth.id,
      serial: world().bobSynth.serial,
      hardware_fingerprint: 'MACHINE-NODE',
      nonce: 'floating-validation-nonce-0001',
    });
    expect([validation.statusCode, validation.json()]).toEqual([409, refused]);
    expect(await Promise.all(tables.map((table) => tableDigest(t().db, table)))).toEqual(before);

    // The same licence's type made node-locked again activates as before; a node-locked licence never was refused.
    const nodeLocked = await clientPost(t(), '/activations', { ...machine, serial: world().annSynth.serial });
    expect(nodeLocked.statusCode).toBe(200);
    await sql`UPDATE license_policies SET model = 'node-locked', seats = NULL, lease_minutes = NULL, max_borrow_days = NULL
      WHERE product_id = ${world().synth.id} AND license_type = 'Standard'`.execute(t().db);
    try {
      expect((await clientPost(t(), '/activations', machine)).statusCode).toBe(200);
    } finally {
      await makeSynthFloating(t(), world(), { seats: 2 });
    }
  });
});
