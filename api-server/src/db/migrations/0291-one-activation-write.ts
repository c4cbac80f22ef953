import { sql, type Kysely, type RawBuilder } from 'kysely';

const SIGNATURE =
  'record_named_client_activation(integer, integer, text, text, integer, text, text, text, integer, text, integer, integer, timestamptz, jsonb, integer, text)';

/**
 * The client activation's write as one function instead of a wrapper (0026) around 0025's: the same lock, checks,
 * writes and outcomes, without a second PL/pgSQL call and the result sets both passed on, and with the machine's
 * slot and the licence's active machines read by one statement. It returns its one row as a record, not a set.
 * A reported machine name is written with the machine's row, before the activation row whose trigger (0006) would
 * otherwise insert it nameless to be updated again; that trigger now leaves a machine row alone when it already says
 * what the activation would write. 0025's function stays for the wrapper 0026 brings back when this is undone.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`DROP FUNCTION ${sql.raw(SIGNATURE)}`.execute(db);
  await sql`
    CREATE FUNCTION record_named_client_activation(
      p_license_id integer, p_manufacturer_id integer, p_serial text, p_license_type text, p_user_id integer,
      p_user_email text, p_product_identifier text, p_private_key_encrypted text, p_machine_limit integer,
      p_hardware_fingerprint text, p_hardware_fingerprint_version integer, p_signature_seed_version integer,
      p_issued_at timestamptz, p_audit_after jsonb, p_actor_end_user_id integer, p_machine_name text,
      OUT outcome text, OUT activation_id integer, OUT new_machine boolean
    ) LANGUAGE plpgsql VOLATILE AS $$
    DECLARE
      holds_slot boolean;
      active_machines integer;
    BEGIN
      PERFORM 1 FROM licenses l
        JOIN end_users u ON u.id = l.user_id
        JOIN products p ON p.id = l.product_id
        WHERE l.id = p_license_id AND l.manufacturer_id = p_manufacturer_id AND NOT l.disabled
          AND l.serial = p_serial AND l.license_type = p_license_type AND l.user_id = p_user_id
          AND u.email = p_user_email AND p.identifier = p_product_identifier
          AND p.private_key_encrypted = p_private_key_encrypted AND p.machine_limit = p_machine_limit
        FOR UPDATE OF l;
      IF NOT FOUND THEN
        outcome := 'changed';
        RETURN;
      END IF;
      -- After the lock, with a fresh snapshot: two machines racing for the last slot cannot both take it.
      SELECT bool_or(m.hardware_fingerprint = p_hardware_fingerprint) IS TRUE, count(*)
        INTO holds_slot, active_machines
        FROM license_machines m WHERE m.license_id = p_license_id AND m.deactivated_at IS NULL;
      IF NOT holds_slot AND active_machines >= p_machine_limit THEN
        outcome := 'limit';
        RETURN;
      END IF;
      IF p_machine_name IS NOT NULL THEN
        INSERT INTO license_machines (manufacturer_id, license_id, product_id, hardware_fingerprint, first_activated_at, last_activated_at, name)
        SELECT p_manufacturer_id, p_license_id, l.product_id, p_hardware_fingerprint, p_issued_at, p_issued_at, p_machine_name
        FROM licenses l WHERE l.id = p_license_id
        ON CONFLICT (license_id, hardware_fingerprint) DO UPDATE
          SET last_activated_at = greatest(license_machines.last_activated_at, EXCLUDED.last_activated_at),
              deactivated_at = NULL, deactivated_by = NULL, name = EXCLUDED.name;
      END IF;
      INSERT INTO license_activations (manufacturer_id, license_id, hardware_fingerprint, hardware_fingerprint_version, signature_seed_version, created_at)
      VALUES (p_manufacturer_id, p_license_id, p_hardware_fingerprint, p_hardware_fingerprint_version, p_signature_seed_version, p_issued_at)
      RETURNING id INTO activation_id;
      INSERT INTO fingerprints (manufacturer_id, user_id, hardware_fingerprint)
      VALUES (p_manufacturer_id, p_user_id, p_hardware_fingerprint)
      ON CONFLICT (user_id, hardware_fingerprint) DO NOTHING;
      INSERT INTO audit_log (manufacturer_id, actor_system_user_id, actor_end_user_id, action, entity_type, entity_id, after)
      VALUES (p_manufacturer_id, NULL, p_actor_end_user_id, 'client.license.activate', 'license', p_license_id::text,
        p_audit_after || jsonb_build_object('activation_id', activation_id, 'new_machine', NOT holds_slot));
      outcome := 'activated';
      new_machine := NOT holds_slot;
    END $$;
  `.execute(db);
  await recordMachineOfActivation(db, {
    unchangedUnless: sql`WHERE license_machines.last_activated_at < EXCLUDED.last_activated_at
        OR license_machines.deactivated_at IS NOT NULL OR license_machines.deactivated_by IS NOT NULL`,
  });
}

/** The activation trigger's machine row (0006's), written only when the activation changes it (or always). */
async function recordMachineOfActivation(
  db: Kysely<unknown>,
  { unchangedUnless }: { unchangedUnless: RawBuilder<unknown> },
) {
  await sql`
    CREATE OR REPLACE FUNCTION license_machines_record_activation() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO license_machines (manufacturer_id, license_id, product_id, hardware_fingerprint, first_activated_at, last_activated_at)
      SELECT NEW.manufacturer_id, NEW.license_id, l.product_id, NEW.hardware_fingerprint, NEW.created_at, NEW.created_at
      FROM licenses l WHERE l.id = NEW.license_id
      ON CONFLICT (license_id, hardware_fingerprint) DO UPDATE
        SET last_activated_at = greatest(license_machines.last_activated_at, EXCLUDED.last_activated_at),
            deactivated_at = NULL, deactivated_by = NULL
        ${unchangedUnless};
      RETURN NULL;
    END $$;
  `.execute(db);
}

/** Back to 0026's wrapper around 0025's function, and 0006's trigger. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await recordMachineOfActivation(db, { unchangedUnless: sql`` });
  await sql`DROP FUNCTION ${sql.raw(SIGNATURE)}`.execute(db);
  await sql`
    CREATE FUNCTION record_named_client_activation(
      p_license_id integer, p_manufacturer_id integer, p_serial text, p_license_type text, p_user_id integer,
      p_user_email text, p_product_identifier text, p_private_key_encrypted text, p_machine_limit integer,
      p_hardware_fingerprint text, p_hardware_fingerprint_version integer, p_signature_seed_version integer,
      p_issued_at timestamptz, p_audit_after jsonb, p_actor_end_user_id integer, p_machine_name text
    ) RETURNS TABLE (outcome text, activation_id integer, new_machine boolean) LANGUAGE plpgsql VOLATILE AS $$
    DECLARE
      written record;
    BEGIN
      SELECT * INTO written FROM record_client_activation(
        p_license_id, p_manufacturer_id, p_serial, p_license_type, p_user_id, p_user_email, p_product_identifier,
        p_private_key_encrypted, p_machine_limit, p_hardware_fingerprint, p_hardware_fingerprint_version,
        p_signature_seed_version, p_issued_at, p_audit_after, p_actor_end_user_id);
      IF written.outcome = 'activated' AND p_machine_name IS NOT NULL THEN
        UPDATE license_machines SET name = p_machine_name
          WHERE license_id = p_license_id AND hardware_fingerprint = p_hardware_fingerprint
            AND name IS DISTINCT FROM p_machine_name;
      END IF;
      RETURN QUERY SELECT written.outcome, written.activation_id, written.new_machine;
    END $$;
  `.execute(db);
}
