import { sql, type Kysely } from 'kysely';

/**
 * Staff roles (docs/staff-access.md "Roles"): each manufacturer staff member has one; the Super User has none.
 * Staff who existed before roles could do everything, so they become owners.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE system_users
      ADD COLUMN staff_role text CHECK (staff_role IN ('owner', 'admin', 'release_manager', 'support', 'viewer'));
    UPDATE system_users SET staff_role = 'owner' WHERE access_level = 'manufacturer';
    ALTER TABLE system_users
      ADD CONSTRAINT system_users_staff_role_of_staff CHECK ((access_level = 'manufacturer') = (staff_role IS NOT NULL));
  `.execute(db);
}
