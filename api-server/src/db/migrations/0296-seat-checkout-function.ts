import { sql, type Kysely } from 'kysely';

/**
 * A check-out's lock and write in one round trip (docs/performance.md, "Check-out under contention: where the time
 * went"): the server's statement reads the licence and calls this function, which locks the licence row, and, when
 * the licence and its policy are still the versions read (their `xmin`, the policy's read after the lock), clears
 * the licence's expired leases, counts its live ones and renews the machine's own lease or inserts a new one when a
 * seat is left, with the audit row of a new lease or a borrow. The lock is held for the function's statements and
 * the commit's WAL record, with no round trip to the server and no disk flush in between (the caller flushes before
 * it answers). It is VOLATILE, so under READ COMMITTED the statement after the lock sees every lease committed
 * before it (one statement could not: its snapshot predates the lock wait). Outcomes: 'changed' (the licence or its
 * policy changed since the read: read again), 'counted' (the tally, and the lease when one is held now). A licence
 * the caller found unusable (`p_usable` not true: false, or null for a licence without a policy) is neither locked
 * nor changed.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE FUNCTION check_out_seat(
      p_usable boolean, p_license_id integer, p_license_version xid, p_policy_version xid, p_manufacturer_id integer,
      p_seats integer, p_hardware_fingerprint text, p_machine_name text, p_borrowed boolean, p_checked_out_at timestamptz,
      p_expires_at timestamptz, p_action text, p_address text
    ) RETURNS TABLE (
      outcome text, live integer, first_frees_at timestamptz, own_expires_at timestamptz, lease_id uuid,
      lease_hardware_fingerprint text, lease_machine_name text, lease_borrowed boolean,
      lease_checked_out_at timestamptz, lease_expires_at timestamptz
    ) LANGUAGE plpgsql VOLATILE AS $$
    #variable_conflict use_column
    BEGIN
      IF p_usable IS NOT TRUE THEN
        RETURN;
      END IF;
      -- The lock is released when the commit is written, not when it is on disk: the caller flushes the WAL before it
      -- answers (db/wal-flush.ts), so the lock is not held through the disk's flush.
      PERFORM set_config('synchronous_commit', 'off', true);
      PERFORM 1 FROM licenses l WHERE l.id = p_license_id AND l.xmin = p_license_version FOR NO KEY UPDATE;
      IF FOUND THEN
        -- Its own statement: a policy changed while the lock was awaited is seen (the lock's statement would read
        -- the policy as its snapshot had it).
        PERFORM 1 FROM licenses l
          JOIN license_policies p ON p.product_id = l.product_id AND p.license_type = l.license_type
          WHERE l.id = p_license_id AND p.xmin = p_policy_version;
      END IF;
      IF NOT FOUND THEN
        RETURN QUERY SELECT 'changed'::text, NULL::integer, NULL::timestamptz, NULL::timestamptz, NULL::uuid,
          NULL::text, NULL::text, NULL::boolean, NULL::timestamptz, NULL::timestamptz;
        RETURN;
      END IF;
      RETURN QUERY
      WITH cleared AS (
        DELETE FROM license_leases WHERE license_id = p_license_id AND expires_at <= p_checked_out_at RETURNING id
      ), live AS (
        SELECT id, hardware_fingerprint, expires_at FROM license_leases
        WHERE license_id = p_license_id AND expires_at > p_checked_out_at
      ), tally AS (
        -- Reading "cleared" runs the DELETE first: a machine's expired lease is gone before its new one is inserted.
        SELECT (SELECT count(*) FROM cleared) AS cleared, count(*)::int AS live, min(expires_at) AS first_frees_at,
          (array_agg(id) FILTER (WHERE hardware_fingerprint = p_hardware_fingerprint))[1] AS own_id,
          max(expires_at) FILTER (WHERE hardware_fingerprint = p_hardware_fingerprint) AS own_expires_at
        FROM live
      ), renewed AS (
        UPDATE license_leases s
        SET expires_at = greatest(s.expires_at, p_expires_at), borrowed = s.borrowed OR p_borrowed,
          machine_name = coalesce(p_machine_name, s.machine_name)
        FROM tally t WHERE s.id = t.own_id AND t.live <= p_seats
        RETURNING s.*
      ), inserted AS (
        INSERT INTO license_leases
          (manufacturer_id, license_id, hardware_fingerprint, machine_name, borrowed, checked_out_at, expires_at)
        SELECT p_manufacturer_id, p_license_id, p_hardware_fingerprint, p_machine_name, p_borrowed, p_checked_out_at,
          p_expires_at
        FROM tally t WHERE t.own_id IS NULL AND t.live < p_seats
        RETURNING *
      ), held AS (
        SELECT *, false AS new FROM renewed UNION ALL SELECT *, true AS new FROM inserted
      ), audited AS (
        INSERT INTO audit_log (manufacturer_id, action, entity_type, entity_id, after)
        SELECT p_manufacturer_id, p_action, 'license', p_license_id::text, jsonb_build_object(
          'actor', 'client', 'address', p_address, 'lease_id', h.id,
          'hardware_fingerprint', h.hardware_fingerprint, 'machine_name', h.machine_name, 'borrowed', h.borrowed,
          -- As formatSignedTime writes it: UTC, to the second.
          'expires_at', to_char(h.expires_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'))
        FROM held h WHERE h.new OR p_borrowed
      )
      SELECT 'counted'::text, t.live, t.first_frees_at, t.own_expires_at, h.id, h.hardware_fingerprint,
        h.machine_name, h.borrowed, h.checked_out_at, h.expires_at
      FROM tally t LEFT JOIN held h ON true;
    END $$
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP FUNCTION check_out_seat(boolean, integer, xid, xid, integer, integer, text, text, boolean, timestamptz,
    timestamptz, text, text)`.execute(db);
}
