import { sql, type Kysely } from 'kysely';

/**
 * A client activation's write in one round trip and one commit (docs/performance.md, "Client API: one round trip, named statements"). The server
 * reads and signs first; this function then locks the licence, writes only if every signed value is unchanged
 * and the machine still has a slot, and records the activation (its trigger records the machine), the owner's
 * fingerprint and the audit entry. It is VOLATILE, so under READ COMMITTED each statement after the lock sees
 * every activation committed before it: two machines racing for the last slot cannot both take it (one
 * statement could not: its snapshot predates the lock wait). Outcomes: 'activated', 'changed' (read again),
 * 'limit' (no slot).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE FUNCTION record_client_activation(
      p_license_id integer, p_manufacturer_id integer, p_serial text, p_license_type text, p_user_id integer,
      p_user_email text, p_product_identifier text, p_private_key_encrypted text, p_machine_limit integer,
      p_hardware_fingerprint text, p_hardware_fingerprint_version integer, p_signature_seed_version integer,
      p_issued_at timestamptz, p_audit_after jsonb
    ) RETURNS TABLE (outcome text, activation_id integer, new_machine boolean) LANGUAGE plpgsql VOLATILE AS $$
    DECLARE
      holds_slot boolean;
      new_activation integer;
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
        RETURN QUERY SELECT 'changed'::text, NULL::integer, NULL::boolean;
        RETURN;
      END IF;
      holds_slot := EXISTS (
        SELECT 1 FROM license_machines m
        WHERE m.license_id = p_license_id AND m.hardware_fingerprint = p_hardware_fingerprint AND m.deactivated_at IS NULL);
      IF NOT holds_slot AND (
        SELECT count(*) FROM license_machines m WHERE m.license_id = p_license_id AND m.deactivated_at IS NULL
      ) >= p_machine_limit THEN
        RETURN QUERY SELECT 'limit'::text, NULL::integer, NULL::boolean;
        RETURN;
      END IF;
      INSERT INTO license_activations (manufacturer_id, license_id, hardware_fingerprint, hardware_fingerprint_version, signature_seed_version, created_at)
      VALUES (p_manufacturer_id, p_license_id, p_hardware_fingerprint, p_hardware_fingerprint_version, p_signature_seed_version, p_issued_at)
      RETURNING id INTO new_activation;
      INSERT INTO fingerprints (manufacturer_id, user_id, hardware_fingerprint)
      VALUES (p_manufacturer_id, p_user_id, p_hardware_fingerprint)
      ON CONFLICT (user_id, hardware_fingerprint) DO NOTHING;
      INSERT INTO audit_log (manufacturer_id, actor_system_user_id, action, entity_type, entity_id, after)
      VALUES (p_manufacturer_id, NULL, 'client.license.activate', 'license', p_license_id::text,
        p_audit_after || jsonb_build_object('activation_id', new_activation, 'new_machine', NOT holds_slot));
      RETURN QUERY SELECT 'activated'::text, new_activation, NOT holds_slot;
    END $$;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP FUNCTION record_client_activation(integer, integer, text, text, integer, text, text, text, integer, text, integer, integer, timestamptz, jsonb)`.execute(
    db,
  );
}
