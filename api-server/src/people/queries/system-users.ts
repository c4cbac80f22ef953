import { sql } from 'kysely';
import type { StaffRole } from 'shared-kit/contract';
import type { Db } from '../../db/database';

export async function findSystemUserByEmail(db: Db, email: string) {
  return db
    .selectFrom('system_users')
    .leftJoin('manufacturers', 'manufacturers.id', 'system_users.manufacturer_id')
    .select([
      'system_users.id',
      'system_users.email',
      'system_users.password_hash',
      'system_users.access_level',
      'system_users.disabled',
      'system_users.manufacturer_id',
      'manufacturers.name as manufacturer_name',
    ])
    .where(sql`lower(system_users.email)`, '=', email.trim().toLowerCase())
    .executeTakeFirst();
}

export interface NewSystemUser {
  email: string;
  passwordHash: string;
  accessLevel: 'superuser' | 'manufacturer';
  manufacturerId: number | null;
  /** Manufacturer staff only; an owner unless said otherwise. */
  staffRole?: StaffRole;
}

export async function insertSystemUser(db: Db, user: NewSystemUser): Promise<number> {
  const row = await db
    .insertInto('system_users')
    .values({
      email: user.email.trim(),
      password_hash: user.passwordHash,
      access_level: user.accessLevel,
      manufacturer_id: user.manufacturerId,
      staff_role: user.accessLevel === 'manufacturer' ? (user.staffRole ?? 'owner') : null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
