import { sql, type Kysely } from 'kysely';

/**
 * Requiring two-factor sign-in (docs/staff-access.md). A manufacturer's owner requires it for every staff member
 * of the manufacturer (a row in `manufacturer_two_factor_requirements`); the Super User requires it for every
 * system user (the one row of `platform_two_factor_requirement`). A pending sign-in now has a purpose: the second
 * step of a user with a factor, or the enrolment a user without one is led through where a factor is required;
 * each purpose's token reaches only its own routes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE manufacturer_two_factor_requirements (
      manufacturer_id integer PRIMARY KEY REFERENCES manufacturers(id) ON DELETE CASCADE,
      required_since timestamptz NOT NULL DEFAULT now()
    );
    CREATE TABLE platform_two_factor_requirement (
      singleton boolean PRIMARY KEY DEFAULT true CHECK (singleton),
      required_since timestamptz NOT NULL DEFAULT now()
    );
    ALTER TABLE pending_sign_ins
      ADD COLUMN purpose text NOT NULL DEFAULT 'second_factor' CHECK (purpose IN ('second_factor', 'enrolment'));

    INSERT INTO webhook_event_types (audit_action, event_type) VALUES
      ('manufacturer.two_factor_requirement_update', 'manufacturer.two_factor_requirement_updated');
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DELETE FROM webhook_event_types WHERE audit_action = 'manufacturer.two_factor_requirement_update';
    ALTER TABLE pending_sign_ins DROP COLUMN purpose;
    DROP TABLE platform_two_factor_requirement, manufacturer_two_factor_requirements;
  `.execute(db);
}
