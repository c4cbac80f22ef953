import type { FastifyRequest } from 'fastify';
import {
  LAST_OWNER,
  NOT_YOURSELF,
  OWNER_ONLY,
  roleMay,
  STAFF_MEMBER_NOT_FOUND,
  type StaffRole,
} from 'shared-kit/contract';
import { requireStaffManager } from '../auth/permissions';
import type { Principal } from '../auth/principal';
import type { Db } from '../db/database';
import { conflict, HttpError, notFound } from '../lib/http-error';
import { countOtherActiveOwners, findStaffMember, lockStaffOf, type StaffMemberRow } from './queries/members';

/**
 * An owner or admin of the manufacturer in the path, or the Super User for any manufacturer. Another manufacturer's
 * staff answers 404, as a missing manufacturer does.
 */
export function staffManager(request: FastifyRequest, manufacturerId: number): Principal {
  const principal = requireStaffManager(request);
  if (principal.manufacturerId !== null && principal.manufacturerId !== manufacturerId) throw notFound('Manufacturer');
  return principal;
}

/**
 * A member of the manufacturer, read under the staff lock (queries/members.ts) so the last-owner rule holds when
 * two owners act at once. Throws 404 for a missing manufacturer or member.
 */
export async function lockedMember(trx: Db, manufacturerId: number, memberId: number): Promise<StaffMemberRow> {
  if (!(await lockStaffOf(trx, manufacturerId))) throw notFound('Manufacturer');
  const member = await findStaffMember(trx, manufacturerId, memberId);
  if (!member) throw new HttpError(404, STAFF_MEMBER_NOT_FOUND);
  return member;
}

/** Owners (in the permission table, `staff.access`) and the Super User make and manage owners; admins do not. */
const managesOwners = (principal: Principal) =>
  principal.accessLevel === 'superuser' ||
  (principal.staffRole !== null && roleMay(principal.staffRole, 'staff.access'));

/** Inviting someone as an owner is an owner's (403 for an admin). */
export function mayInviteAs(principal: Principal, role: StaffRole): void {
  if (role === 'owner' && !managesOwners(principal)) throw new HttpError(403, OWNER_ONLY.inviteOwner);
}

/** Withdrawing an invite to be an owner is an owner's too. */
export function mayWithdrawInviteAs(principal: Principal, role: StaffRole): void {
  if (role === 'owner' && !managesOwners(principal)) throw new HttpError(403, OWNER_ONLY.withdrawOwnerInvite);
}

/**
 * Any change to an owner's account, or making a member an owner, is an owner's (403 for an admin). Checked on the
 * member read under the staff lock, so a member promoted to owner meanwhile is not then changed by an admin.
 */
export function mayChangeMember(principal: Principal, member: StaffMemberRow, newRole?: StaffRole): void {
  if (managesOwners(principal)) return;
  if (member.staff_role === 'owner') throw new HttpError(403, OWNER_ONLY.manageOwner);
  if (newRole === 'owner') throw new HttpError(403, OWNER_ONLY.makeOwner);
}

/**
 * Nobody locks themselves out: disabling or removing oneself is for another owner to do, or, for an admin, another
 * owner or admin (409).
 */
export function notYourself(principal: Principal, memberId: number): void {
  if (principal.systemUserId !== memberId) return;
  throw conflict(managesOwners(principal) ? NOT_YOURSELF.owner : NOT_YOURSELF.admin);
}

/** What would take the manufacturer's last enabled owner away is refused (409). */
export async function keepAnOwner(
  trx: Db,
  manufacturerId: number,
  member: StaffMemberRow,
  change: { role?: StaffRole; disabled?: boolean; removed?: boolean },
): Promise<void> {
  if (member.staff_role !== 'owner' || member.disabled) return;
  const stillOwner = !change.removed && !change.disabled && (change.role === undefined || change.role === 'owner');
  if (stillOwner) return;
  if ((await countOtherActiveOwners(trx, manufacturerId, member.id)) === 0) throw conflict(LAST_OWNER);
}

export const staffMemberAnswer = (row: StaffMemberRow) => ({
  id: row.id,
  email: row.email,
  role: row.staff_role,
  status: row.disabled ? ('disabled' as const) : ('active' as const),
  two_factor: [...(row.totp ? (['totp'] as const) : []), ...(row.passkey ? (['passkey'] as const) : [])],
  last_signed_in_at: row.last_signed_in_at ? row.last_signed_in_at.toISOString() : null,
});
