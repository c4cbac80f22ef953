import { sql } from 'kysely';
import { LEASE_FORMAT } from 'signed-formats';
import { auth } from './support/fixtures';
import { auditRowCount, clientApiSuite, verifiedDocument } from './client-fixtures';
import { makeSynthFloating, seatCalls, seatsOf } from './floating-fixtures';
import { insertEndpoint } from '../src/webhooks/endpoints';
import { generateSecret } from '../src/webhooks/signature';

// The seat calls' promises at a lease's and a licence's edges, in docs/client-api.md's and docs/licensing.md's words.
describe('floating seats: ended leases, withdrawn licences, borrows and their words', () => {
  const suite = clientApiSuite({ trial_days: 7, machine_limit: 1 });
  const t = () => suite.t;
  const world = () => suite.world;
  const calls = () => seatCalls(t(), world().synth.id, world().bobSynth.serial);
  const checkedOut = async (fingerprint: string) => {
    const answer = await calls().checkout(fingerprint);
    expect(answer.statusCode).toBe(200);
    return verifiedDocument(LEASE_FORMAT, answer.body, world().synth.public_key);
  };
  const endLease = (leaseId: unknown) =>
    sql`UPDATE license_leases SET expires_at = now() - interval '1 second' WHERE id = ${leaseId as string}`.execute(
      t().db,
    );
  const seatEvents = async () =>
    (
      await sql<{ type: string; payload: { data: { before: unknown } } }>`
        SELECT type, payload FROM webhook_events WHERE type LIKE 'seat.%' ORDER BY id`.execute(t().db)
    ).rows;
  const setLicense = (change: ReturnType<typeof sql>) =>
    sql`UPDATE licenses SET ${change} WHERE id = ${world().bobSynth.id}`.execute(t().db);

  beforeAll(async () => {
    await makeSynthFloating(t(), world(), { seats: 2 });
    await insertEndpoint(t().db, t().masterKey, {
      manufacturer_id: world().manufacturerA.id,
      url: 'https://93.184.215.14/hook',
      secret: generateSecret(),
      event_types: ['seat.checked_out', 'seat.checked_in', 'seat.released'],
      enabled: true,
    });
  });
  beforeEach(() => sql`DELETE FROM license_leases`.execute(t().db));

  it('refuses a borrow under a policy without max_borrow_days in the documented words', async () => {
    await makeSynthFloating(t(), world(), { seats: 2, max_borrow_days: null });
    try {
      const refused = await calls().borrow('MACHINE-A', 1);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message[0]).toMatch(/^This license's policy does not allow borrowing a seat /);
    } finally {
      await makeSynthFloating(t(), world(), { seats: 2 });
    }
  });

  it('answers a check-in of a lease whose time has passed 404 Lease not found, recording nothing', async () => {
    const lease = await checkedOut('MACHINE-A');
    await endLease(lease.lease_id);
    const audits = await auditRowCount(t());
    const events = (await seatEvents()).length;
    const late = await calls().checkin('MACHINE-A', lease.lease_id as string);
    expect([late.statusCode, late.json()]).toEqual([404, { message: ['Lease not found'] }]);
    expect(await auditRowCount(t())).toBe(audits);
    expect(await seatEvents()).toHaveLength(events);
  });

  it('answers staff releasing a lease that already ended 404, recording nothing', async () => {
    const lease = await checkedOut('MACHINE-A');
    await endLease(lease.lease_id);
    const audits = await auditRowCount(t());
    const released = await t().app.inject({
      method: 'POST',
      url: `/api/v1/licenses/${world().bobSynth.id}/leases/${lease.lease_id as string}/release`,
      headers: auth(world().staffAToken),
    });
    expect([released.statusCode, released.json()]).toEqual([404, { message: ['Lease not found'] }]);
    expect(await auditRowCount(t())).toBe(audits);
  });

  it('sends seat.checked_in and seat.released with the lease in data.before', async () => {
    const a = await checkedOut('MACHINE-A');
    const b = await checkedOut('MACHINE-B');
    expect((await calls().checkin('MACHINE-A', a.lease_id as string)).statusCode).toBe(200);
    const released = await t().app.inject({
      method: 'POST',
      url: `/api/v1/licenses/${world().bobSynth.id}/leases/${b.lease_id as string}/release`,
      headers: auth(world().staffAToken),
    });
    expect(released.statusCode).toBe(200);
    const [checkedIn, release] = (await seatEvents()).slice(-2);
    expect(checkedIn).toMatchObject({
      type: 'seat.checked_in',
      payload: { data: { before: { lease_id: a.lease_id, hardware_fingerprint: 'MACHINE-A', borrowed: false } } },
    });
    expect(release).toMatchObject({
      type: 'seat.released',
      payload: { data: { before: { lease_id: b.lease_id, hardware_fingerprint: 'MACHINE-B', borrowed: false } } },
    });
  });

  it('a deactivated licence lends and renews no seat (409), and its machines may still check in', async () => {
    const lease = await checkedOut('MACHINE-A');
    await setLicense(sql`disabled = true, disabled_reason = 'CancelledOrder'`);
    try {
      for (const refused of [
        await calls().checkout('MACHINE-B'),
        await calls().borrow('MACHINE-B', 1),
        await calls().heartbeat('MACHINE-A', lease.lease_id as string),
      ]) {
        expect(refused.statusCode).toBe(409);
        expect(refused.json().message[0]).toMatch(/^This license is deactivated \(CancelledOrder\)/);
      }
      expect(await seatsOf(t(), world().bobSynth.id)).toBe(1);
      expect((await calls().checkin('MACHINE-A', lease.lease_id as string)).statusCode).toBe(200);
      expect(await seatsOf(t(), world().bobSynth.id)).toBe(0);
    } finally {
      await setLicense(sql`disabled = false, disabled_reason = NULL`);
    }
  });

  it('a licence past its expiry and grace lends and renews no seat (409 expired), and its machines may still check in', async () => {
    const lease = await checkedOut('MACHINE-A');
    await setLicense(sql`expires_at = '2020-03-04T05:06:07Z', grace_days = 14`);
    try {
      for (const refused of [
        await calls().checkout('MACHINE-B'),
        await calls().borrow('MACHINE-B', 1),
        await calls().heartbeat('MACHINE-A', lease.lease_id as string),
      ])
        expect([refused.statusCode, refused.json()]).toEqual([
          409,
          { message: ['This license expired on 2020-03-04: renew it to use it again.'] },
        ]);
      expect((await calls().checkin('MACHINE-A', lease.lease_id as string)).statusCode).toBe(200);
    } finally {
      await setLicense(sql`expires_at = NULL, grace_days = NULL`);
    }
  });

  it('a heart-beat of a borrowed lease keeps its later end', async () => {
    const borrowed = verifiedDocument(
      LEASE_FORMAT,
      (await calls().borrow('MACHINE-A', 3)).body,
      world().synth.public_key,
    );
    const beat = await calls().heartbeat('MACHINE-A', borrowed.lease_id as string);
    expect(beat.statusCode).toBe(200);
    const renewed = verifiedDocument(LEASE_FORMAT, beat.body, world().synth.public_key);
    expect(renewed).toMatchObject({ lease_id: borrowed.lease_id, borrowed: true, expires_at: borrowed.expires_at });
  });

  it('refuses a check-in on a node-locked licence with 409 This license is not floating', async () => {
    const nodeLocked = seatCalls(t(), world().synth.id, world().annSynth.serial);
    const refused = await nodeLocked.checkin('MACHINE-A', '00000000-0000-4000-8000-000000000000');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message[0]).toMatch(/^This license is not floating: /);
  });
});
