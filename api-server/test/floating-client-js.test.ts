import { sql } from 'kysely';
import type { AddressInfo } from 'node:net';
import { ProductHubApiError, ProductHubClient } from '../../client-js/src/index';
import { createTestApp, type TestApp } from './support/test-app';
import { createLicensingWorld, type LicensingWorld } from './licensing-fixtures';
import { makeSynthFloating, seatsOf } from './floating-fixtures';

jest.setTimeout(120_000);

// client-js's seat calls and its FloatingSeat helper against the real server on 127.0.0.1.
describe("client-js's floating seats against the server", () => {
  let t: TestApp;
  let world: LicensingWorld;
  let client: ProductHubClient;
  const machine = (fingerprint: string) => ({
    serial: ` ${world.bobSynth.serial.toLowerCase()} `,
    hardwareFingerprint: fingerprint,
  });

  beforeAll(async () => {
    t = await createTestApp();
    world = await createLicensingWorld(t);
    await makeSynthFloating(t, world, { seats: 1, lease_minutes: 1, max_borrow_days: 3 });
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    client = new ProductHubClient({
      serverUrl: `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`,
      productId: world.synth.id,
      publicKey: world.synth.public_key,
    });
  });
  afterAll(() => t.close());

  it('checks out, renews and checks in a verified lease; a second machine is refused until then', async () => {
    const lease = await client.checkoutSeat({ ...machine('JS-A'), machineName: 'Studio Mac' });
    expect(lease.document).toMatchObject({
      serial: world.bobSynth.serial,
      hardware_fingerprint: 'JS-A',
      borrowed: false,
    });
    const refused = await client.checkoutSeat(machine('JS-B')).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ProductHubApiError);
    expect((refused as ProductHubApiError).status).toBe(409);
    expect((refused as ProductHubApiError).messages[0]).toContain('All 1 seat is in use');
    const renewed = await client.heartbeat({ ...machine('JS-A'), leaseId: lease.document.lease_id });
    expect(renewed.document.lease_id).toBe(lease.document.lease_id);
    const stolen = await client
      .heartbeat({ ...machine('JS-B'), leaseId: lease.document.lease_id })
      .catch((e: unknown) => e);
    expect((stolen as ProductHubApiError).status).toBe(403);
    await client.checkinSeat({ ...machine('JS-A'), leaseId: lease.document.lease_id });
    const borrowed = await client.borrowSeat({ ...machine('JS-B'), days: 3 });
    expect(borrowed.document.borrowed).toBe(true);
    const tooLong = await client.borrowSeat({ ...machine('JS-B'), days: 4 }).catch((e: unknown) => e);
    expect((tooLong as ProductHubApiError).status).toBe(400);
    await client.checkinSeat({ ...machine('JS-B'), leaseId: borrowed.document.lease_id });
    expect(await seatsOf(t, world.bobSynth.id)).toBe(0);
  });

  it('FloatingSeat renews on its timer at half the lease time and checks in on close', async () => {
    // One-minute leases: the timer fires at about 30 s.
    const renewals: string[] = [];
    const seat = await client.openFloatingSeat(machine('JS-TIMER'), {
      onRenewed: (lease) => renewals.push(lease.document.expires_at),
    });
    const first = seat.lease.document.expires_at;
    expect(seat.valid()).toBe(true);
    for (let i = 0; i < 80 && renewals.length === 0; i++) await new Promise((resolve) => setTimeout(resolve, 500));
    expect(renewals).toHaveLength(1);
    expect(Date.parse(renewals[0]!)).toBeGreaterThan(Date.parse(first));
    expect(await seatsOf(t, world.bobSynth.id)).toBe(1);
    await seat.close();
    expect(seat.valid()).toBe(false);
    expect(await seatsOf(t, world.bobSynth.id)).toBe(0);
  });

  it('FloatingSeat closes quietly when its lease has already ended (the machine slept past it); the seat is free', async () => {
    const seat = await client.openFloatingSeat(machine('JS-SLEPT'));
    await sql`UPDATE license_leases SET expires_at = now() - interval '1 minute'
      WHERE id = ${seat.lease.document.lease_id}`.execute(t.db);
    await expect(seat.close()).resolves.toBeUndefined();
    expect(await seatsOf(t, world.bobSynth.id)).toBe(0);
    // Another failure still rejects: a check-in the server refuses for another reason is not swallowed.
    const other = await client.openFloatingSeat(machine('JS-OTHER'));
    await sql`UPDATE license_leases SET hardware_fingerprint = 'SOMEONE-ELSE' WHERE id = ${other.lease.document.lease_id}`.execute(
      t.db,
    );
    await expect(other.close()).rejects.toMatchObject({ status: 403 });
    await sql`DELETE FROM license_leases WHERE id = ${other.lease.document.lease_id}`.execute(t.db);
  });
});
