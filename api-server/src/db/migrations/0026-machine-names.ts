import { sql, type Kysely } from 'kysely';

/**
 * A machine's name as the plugin reports it ("Studio Mac"), so customers and staff can tell their machines apart
 * by more than a fingerprint. It is kept on the licence's machine (the last name reported; an activation without
 * one keeps it) and never signed. The client activation's write (0025) is wrapped rather than rewritten: the
 * name is set in the same call, after the activation, only when the activation happened and a name was given.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE license_machines ADD COLUMN name text;

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

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP FUNCTION record_named_client_activation(
      integer, integer, text, text, integer, text, text, text, integer, text, integer, integer, timestamptz, jsonb,
      integer, text);
    ALTER TABLE license_machines DROP COLUMN name;
  `.execute(db);
}
