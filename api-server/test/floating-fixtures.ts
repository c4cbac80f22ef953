import { sql } from 'kysely';
import type { TestApp } from './support/test-app';
import type { LicensingWorld } from './licensing-fixtures';
import { clientPost } from './client-fixtures';

/** Alpha Synth's Standard licences become floating (bob's among them), with the Pro edition's features. */
export async function makeSynthFloating(
  t: TestApp,
  world: LicensingWorld,
  terms: { seats: number; lease_minutes?: number; max_borrow_days?: number | null },
) {
  await sql`
    INSERT INTO license_policies (manufacturer_id, product_id, license_type, model, seats, lease_minutes, max_borrow_days, term)
    VALUES (${world.manufacturerA.id}, ${world.synth.id}, 'Standard', 'floating', ${terms.seats},
      ${terms.lease_minutes ?? 15}, ${terms.max_borrow_days === undefined ? 7 : terms.max_borrow_days}, 'perpetual')
    ON CONFLICT (product_id, license_type) DO UPDATE SET model = 'floating', seats = EXCLUDED.seats,
      lease_minutes = EXCLUDED.lease_minutes, max_borrow_days = EXCLUDED.max_borrow_days`.execute(t.db);
}

export const seatsOf = async (t: TestApp, licenseId: number) =>
  Number(
    (
      await sql<{
        n: string;
      }>`SELECT count(*) AS n FROM license_leases WHERE license_id = ${licenseId} AND expires_at > now()`.execute(t.db)
    ).rows[0]!.n,
  );

/** The four seat calls for one licence, as a plugin on the machine `fingerprint` makes them. */
export function seatCalls(t: TestApp, productId: number, serial: string) {
  const machine = (fingerprint: string) => ({ product_id: productId, serial, hardware_fingerprint: fingerprint });
  return {
    checkout: (fingerprint: string, extra: Record<string, unknown> = {}) =>
      clientPost(t, '/seats/checkouts', { ...machine(fingerprint), ...extra }),
    borrow: (fingerprint: string, days: number) => clientPost(t, '/seats/borrows', { ...machine(fingerprint), days }),
    heartbeat: (fingerprint: string, leaseId: string) =>
      clientPost(t, '/seats/heartbeats', { ...machine(fingerprint), lease_id: leaseId }),
    checkin: (fingerprint: string, leaseId: string) =>
      clientPost(t, '/seats/checkins', { ...machine(fingerprint), lease_id: leaseId }),
  };
}
