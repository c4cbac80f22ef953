import { sql, type Kysely } from 'kysely';

/**
 * An owner's staff management (docs/staff-access.md, "Managing staff"): invites by email, each a one-time token of
 * which only its SHA-256 is kept, living 7 days and used once; a removed member keeps their row (the audit log and
 * their sessions point at it) but is marked removed, disabled and out of the staff list. Each change is audited and
 * emits its webhook event.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE staff_invites (
      id serial PRIMARY KEY,
      manufacturer_id integer NOT NULL REFERENCES manufacturers (id) ON DELETE CASCADE,
      email text NOT NULL,
      staff_role text NOT NULL,
      token_hash text NOT NULL UNIQUE,
      invited_by integer REFERENCES system_users (id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      expires_at timestamptz NOT NULL,
      accepted_at timestamptz,
      accepted_by integer REFERENCES system_users (id) ON DELETE SET NULL
    );
    CREATE INDEX staff_invites_open_idx ON staff_invites (manufacturer_id, created_at) WHERE accepted_at IS NULL;

    ALTER TABLE system_users ADD COLUMN removed_at timestamptz;

    INSERT INTO webhook_event_types (audit_action, event_type) VALUES
      ('staff.invite', 'staff.invited'),
      ('staff.invite_accept', 'staff.joined'),
      ('staff.role_change', 'staff.role_changed'),
      ('staff.disable', 'staff.disabled'),
      ('staff.enable', 'staff.enabled'),
      ('staff.remove', 'staff.removed'),
      ('staff.sessions_end', 'staff.sessions_ended'),
      ('staff.two_factor_reset', 'staff.two_factor_reset');
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DELETE FROM webhook_event_types WHERE audit_action LIKE 'staff.%';
    ALTER TABLE system_users DROP COLUMN removed_at;
    DROP TABLE staff_invites;
  `.execute(db);
}
