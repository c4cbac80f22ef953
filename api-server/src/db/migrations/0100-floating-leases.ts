import { sql, type Kysely } from 'kysely';

/**
 * Floating seats (docs/licensing.md): a lease is one machine's hold on one seat of a floating licence until
 * `expires_at`. A seat is free when its lease's time has passed, so nothing has to sweep for correctness: a
 * check-out counts the licence's unexpired leases under the licence row's lock and clears that licence's expired
 * ones as it goes. One lease per machine and licence (a machine checking out again keeps its seat). A heart-beat is
 * one UPDATE by the lease's primary key of a column no index holds (a HOT update: heart-beats are the heaviest client
 * traffic); a licence's leases are read through the unique (license_id, hardware_fingerprint) index.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE license_leases (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      manufacturer_id integer NOT NULL REFERENCES manufacturers(id) ON DELETE CASCADE,
      license_id integer NOT NULL REFERENCES licenses(id) ON DELETE CASCADE,
      hardware_fingerprint text NOT NULL,
      machine_name text,
      borrowed boolean NOT NULL DEFAULT false,
      checked_out_at timestamptz NOT NULL DEFAULT now(),
      expires_at timestamptz NOT NULL,
      UNIQUE (license_id, hardware_fingerprint)
    );

    INSERT INTO webhook_event_types (audit_action, event_type) VALUES
      ('client.seat.check_out', 'seat.checked_out'),
      ('client.seat.borrow', 'seat.checked_out'),
      ('client.seat.check_in', 'seat.checked_in'),
      ('license_lease.release', 'seat.released');
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DELETE FROM webhook_event_types WHERE audit_action IN
      ('client.seat.check_out', 'client.seat.borrow', 'client.seat.check_in', 'license_lease.release');
    DROP TABLE license_leases;
  `.execute(db);
}
