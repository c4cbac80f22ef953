import { sql } from 'kysely';
import type { StaffRole } from 'shared-kit/contract';
import type { Db } from '../../db/database';

/** The system user an SSO email names, whichever manufacturer (or none) it belongs to. */
export async function findAccountByEmail(db: Db, email: string) {
  return db
    .selectFrom('system_users')
    .leftJoin('manufacturers', 'manufacturers.id', 'system_users.manufacturer_id')
    .select([
      'system_users.id',
      'system_users.access_level',
      'system_users.manufacturer_id',
      'system_users.disabled',
      'system_users.staff_role',
      'manufacturers.name as manufacturer_name',
    ])
    .where(sql`lower(system_users.email)`, '=', email.toLowerCase())
    .forUpdate('system_users')
    .executeTakeFirst();
}

/** A staff member made at their first SSO sign-in: the password hash is one nobody knows (a reset sets one). */
export async function insertSsoStaff(
  db: Db,
  staff: { email: string; manufacturerId: number; role: StaffRole; passwordHash: string },
): Promise<number> {
  const row = await db
    .insertInto('system_users')
    .values({
      email: staff.email,
      password_hash: staff.passwordHash,
      access_level: 'manufacturer',
      manufacturer_id: staff.manufacturerId,
      staff_role: staff.role,
    })
    .onConflict((oc) => oc.expression(sql`lower(email)`).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id ?? 0;
}

export async function updateStaffRole(db: Db, systemUserId: number, role: StaffRole): Promise<void> {
  await db
    .updateTable('system_users')
    .set({ staff_role: role, updated_at: sql`now()` })
    .where('id', '=', systemUserId)
    .execute();
}
