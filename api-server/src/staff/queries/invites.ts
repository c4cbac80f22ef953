import { sql } from 'kysely';
import type { StaffRole } from 'shared-kit/contract';
import type { Db } from '../../db/database';
import { staffDb } from './tables';

export interface StaffInviteRow {
  id: number;
  manufacturer_id: number;
  email: string;
  staff_role: StaffRole;
  created_at: Date;
  expires_at: Date;
}

const INVITE_COLUMNS = ['id', 'manufacturer_id', 'email', 'staff_role', 'created_at', 'expires_at'] as const;

/** The invites not yet accepted, newest first. */
export function listOpenInvites(db: Db, manufacturerId: number): Promise<StaffInviteRow[]> {
  return staffDb(db)
    .selectFrom('staff_invites')
    .select(INVITE_COLUMNS)
    .where('manufacturer_id', '=', manufacturerId)
    .where('accepted_at', 'is', null)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

export interface NewInvite {
  manufacturerId: number;
  email: string;
  role: StaffRole;
  tokenHash: string;
  /** null: made by no one signed in (an operator, a test world). */
  invitedBy: number | null;
  days: number;
}

/** A new invite replaces any open one to the same address: only the latest link works. */
export async function insertInvite(db: Db, invite: NewInvite): Promise<StaffInviteRow> {
  await staffDb(db)
    .deleteFrom('staff_invites')
    .where('manufacturer_id', '=', invite.manufacturerId)
    .where(sql<boolean>`lower(email) = lower(${invite.email})`)
    .where('accepted_at', 'is', null)
    .execute();
  return staffDb(db)
    .insertInto('staff_invites')
    .values({
      manufacturer_id: invite.manufacturerId,
      email: invite.email,
      staff_role: invite.role,
      token_hash: invite.tokenHash,
      invited_by: invite.invitedBy,
      expires_at: sql<Date>`now() + make_interval(days => ${invite.days})`,
    })
    .returning(INVITE_COLUMNS)
    .executeTakeFirstOrThrow();
}

/** An open (not accepted) invite of the manufacturer, locked for its withdrawal; expired ones too. */
export const findOpenInviteLocked = (
  db: Db,
  manufacturerId: number,
  inviteId: number,
): Promise<StaffInviteRow | undefined> =>
  staffDb(db)
    .selectFrom('staff_invites')
    .select(INVITE_COLUMNS)
    .where('id', '=', inviteId)
    .where('manufacturer_id', '=', manufacturerId)
    .where('accepted_at', 'is', null)
    .forUpdate()
    .executeTakeFirst();

/** Withdrawing deletes the invite, so its link then opens nothing, as an unknown one. */
export async function deleteInvite(db: Db, inviteId: number): Promise<void> {
  await staffDb(db).deleteFrom('staff_invites').where('id', '=', inviteId).execute();
}

const usableInvite = (db: Db, tokenHash: string) =>
  staffDb(db)
    .selectFrom('staff_invites')
    .select(INVITE_COLUMNS)
    .where('token_hash', '=', tokenHash)
    .where('accepted_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`);

/** The invite a token opens: open (not accepted) and not expired; undefined for any other token. */
export const findUsableInvite = (db: Db, tokenHash: string): Promise<StaffInviteRow | undefined> =>
  usableInvite(db, tokenHash).executeTakeFirst();

/** The same, locked for its acceptance. */
export const findUsableInviteLocked = (db: Db, tokenHash: string): Promise<StaffInviteRow | undefined> =>
  usableInvite(db, tokenHash).forUpdate().executeTakeFirst();

export async function markInviteAccepted(db: Db, inviteId: number, systemUserId: number): Promise<void> {
  await staffDb(db)
    .updateTable('staff_invites')
    .set({ accepted_at: sql<Date>`now()`, accepted_by: systemUserId })
    .where('id', '=', inviteId)
    .execute();
}

export interface AccountOfEmail {
  id: number;
  manufacturer_id: number | null;
  removed: boolean;
}

/** The system user an address belongs to (any manufacturer, removed or not), locked. */
export function findAccountByEmailLocked(db: Db, email: string): Promise<AccountOfEmail | undefined> {
  return staffDb(db)
    .selectFrom('system_users')
    .select(['id', 'manufacturer_id', sql<boolean>`removed_at IS NOT NULL`.as('removed')])
    .where(sql<boolean>`lower(email) = lower(${email})`)
    .forUpdate()
    .executeTakeFirst();
}

/** The invitee's account: new, or a removed member of the same manufacturer brought back. */
export async function joinStaff(
  db: Db,
  invite: StaffInviteRow,
  passwordHash: string,
  removedAccountId: number | undefined,
): Promise<number> {
  if (removedAccountId !== undefined) {
    await staffDb(db)
      .updateTable('system_users')
      .set({
        password_hash: passwordHash,
        staff_role: invite.staff_role,
        disabled: false,
        removed_at: null,
        updated_at: sql<Date>`now()`,
      })
      .where('id', '=', removedAccountId)
      .execute();
    return removedAccountId;
  }
  const row = await db
    .insertInto('system_users')
    .values({
      email: invite.email,
      password_hash: passwordHash,
      access_level: 'manufacturer',
      manufacturer_id: invite.manufacturer_id,
      staff_role: invite.staff_role,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
