import { sql, type Kysely } from 'kysely';
import * as clientActivationFunction from './0012-client-activation-function';

const OLD_SIGNATURE =
  'record_client_activation(integer, integer, text, text, integer, text, text, text, integer, text, integer, integer, timestamptz, jsonb)';
const NEW_SIGNATURE =
  'record_client_activation(integer, integer, text, text, integer, text, text, text, integer, text, integer, integer, timestamptz, jsonb, integer)';

/**
 * The client activation's write (0012) learns who asked when it is not a plugin: a customer activating a machine
 * from the portal (offline activation) is the audit entry's actor, as when they free a machine; a plugin passes
 * NULL and is audited as before. Same locking and outcomes as 0012.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`DROP FUNCTION ${sql.raw(OLD_SIGNATURE)}`.execute(db);
  await sql`
    CREATE FUNCTION record_client_activation(
      p_license_id integer, p_manufacturer_id integer, p_serial text, p_license_type text, p_user_id integer,
      p_user_email text, p_product_identifier text, p_private_key_encrypted text, p_machine_limit integer,
      p_hardware_fingerprint text, p_hardware_fingerprint_version integer, p_signature_seed_version integer,
      p_issued_at timestamptz, p_audit_after jsonb, p_actor_end_user_id integer
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
      INSERT INTO audit_log (manufacturer_id, actor_system_user_id, actor_end_user_id, action, entity_type, entity_id, after)
      VALUES (p_manufacturer_id, NULL, p_actor_end_user_id, 'client.license.activate', 'license', p_license_id::text,
        p_audit_after || jsonb_build_object('activation_id', new_activation, 'new_machine', NOT holds_slot));
      RETURN QUERY SELECT 'activated'::text, new_activation, NOT holds_slot;
    END $$;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP FUNCTION ${sql.raw(NEW_SIGNATURE)}`.execute(db);
  await clientActivationFunction.up(db);
}
