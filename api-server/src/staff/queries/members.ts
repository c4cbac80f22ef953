import { sql } from 'kysely';
import type { StaffRole } from 'shared-kit/contract';
import type { Db } from '../../db/database';
import { staffDb } from './tables';

export interface StaffMemberRow {
  id: number;
  email: string;
  staff_role: StaffRole;
  disabled: boolean;
  last_signed_in_at: Date | null;
  totp: boolean;
  passkey: boolean;
}

function membersOf(db: Db, manufacturerId: number) {
  return staffDb(db)
    .selectFrom('system_users as u')
    .select([
      'u.id',
      'u.email',
      sql<StaffRole>`u.staff_role`.as('staff_role'),
      'u.disabled',
      sql<Date | null>`(SELECT max(s.created_at) FROM sessions s WHERE s.system_user_id = u.id)`.as(
        'last_signed_in_at',
      ),
      sql<boolean>`EXISTS (SELECT 1 FROM totp_factors t WHERE t.system_user_id = u.id AND t.confirmed_at IS NOT NULL)`.as(
        'totp',
      ),
      sql<boolean>`EXISTS (SELECT 1 FROM passkeys p WHERE p.system_user_id = u.id)`.as('passkey'),
    ])
    .where('u.manufacturer_id', '=', manufacturerId)
    .where('u.removed_at', 'is', null);
}

/** A manufacturer's staff (removed members left out), by email. */
export function listStaffMembers(db: Db, manufacturerId: number): Promise<StaffMemberRow[]> {
  return membersOf(db, manufacturerId)
    .orderBy(sql`lower(u.email)`)
    .orderBy('u.id')
    .execute();
}

export function findStaffMember(db: Db, manufacturerId: number, memberId: number): Promise<StaffMemberRow | undefined> {
  return membersOf(db, manufacturerId).where('u.id', '=', memberId).executeTakeFirst();
}

export async function manufacturerExists(db: Db, manufacturerId: number): Promise<boolean> {
  const row = await db.selectFrom('manufacturers').select('id').where('id', '=', manufacturerId).executeTakeFirst();
  return row !== undefined;
}

/**
 * Takes the manufacturer's staff lock: every change that could leave it without an owner takes it first, so two
 * owners demoting each other one at a time see each other's change and the second is refused. The manufacturer's
 * row is the lock (FOR NO KEY UPDATE: rows that reference it are still written freely).
 */
export async function lockStaffOf(db: Db, manufacturerId: number): Promise<boolean> {
  const row = await db
    .selectFrom('manufacturers')
    .select('id')
    .where('id', '=', manufacturerId)
    .forNoKeyUpdate()
    .executeTakeFirst();
  return row !== undefined;
}

/** Enabled owners of the manufacturer other than `memberId`; read under the staff lock. */
export async function countOtherActiveOwners(db: Db, manufacturerId: number, memberId: number): Promise<number> {
  const row = await staffDb(db)
    .selectFrom('system_users')
    .select((eb) => eb.fn.countAll<string>().as('owners'))
    .where('manufacturer_id', '=', manufacturerId)
    .where(sql<boolean>`staff_role = 'owner'`)
    .where('disabled', '=', false)
    .where('removed_at', 'is', null)
    .where('id', '!=', memberId)
    .executeTakeFirstOrThrow();
  return Number(row.owners);
}

export async function setStaffRole(db: Db, memberId: number, role: StaffRole): Promise<void> {
  await db
    .updateTable('system_users')
    .set({ staff_role: role, updated_at: sql<Date>`now()` })
    .where('id', '=', memberId)
    .execute();
}

/** Disabling a user is seen by every instance's session cache (migration 0003's change notification). */
export async function setStaffDisabled(db: Db, memberId: number, disabled: boolean): Promise<void> {
  await db
    .updateTable('system_users')
    .set({ disabled, updated_at: sql<Date>`now()` })
    .where('id', '=', memberId)
    .execute();
}

/** A removed member keeps their row for the audit log: disabled, marked removed, their factors gone. */
export async function markStaffRemoved(db: Db, memberId: number): Promise<void> {
  await staffDb(db)
    .updateTable('system_users')
    .set({ disabled: true, removed_at: sql<Date>`now()`, updated_at: sql<Date>`now()` })
    .where('id', '=', memberId)
    .execute();
  await removeSecondFactors(db, memberId);
}

/** Every second factor of a user and any sign-in waiting for one: the password alone signs in again. */
export async function removeSecondFactors(db: Db, systemUserId: number): Promise<void> {
  await db.deleteFrom('totp_factors').where('system_user_id', '=', systemUserId).execute();
  await db.deleteFrom('recovery_codes').where('system_user_id', '=', systemUserId).execute();
  await db.deleteFrom('passkeys').where('system_user_id', '=', systemUserId).execute();
  await db.deleteFrom('pending_sign_ins').where('system_user_id', '=', systemUserId).execute();
}
