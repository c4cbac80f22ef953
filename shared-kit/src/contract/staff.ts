import { Type, type Static } from '@sinclair/typebox';
import { Id, Text, Timestamp } from './common';
import { StaffRoleSchema } from './staff-roles';

/** How long an invite's link works. */
export const STAFF_INVITE_DAYS = 7;

/** A staff member of a manufacturer, as the owner's Staff section lists them. */
export const StaffMember = Type.Object({
  id: Id,
  email: Text(),
  role: StaffRoleSchema,
  status: Type.Union([Type.Literal('active'), Type.Literal('disabled')]),
  /** The factors they sign in with besides the password; empty: the password alone. */
  two_factor: Type.Array(Type.Union([Type.Literal('totp'), Type.Literal('passkey')])),
  /** Their latest sign-in, null when they never signed in. */
  last_signed_in_at: Type.Union([Timestamp, Type.Null()]),
});
export type StaffMember = Static<typeof StaffMember>;

/** An invite not yet accepted (an expired one is listed until it is replaced, so the owner sees it lapsed). */
export const StaffInvite = Type.Object({
  id: Id,
  email: Text(),
  role: StaffRoleSchema,
  invited_at: Timestamp,
  expires_at: Timestamp,
});
export type StaffInvite = Static<typeof StaffInvite>;

export const StaffList = Type.Object({ members: Type.Array(StaffMember), invites: Type.Array(StaffInvite) });
export type StaffList = Static<typeof StaffList>;

export const StaffMemberParams = Type.Object({ id: Id, memberId: Id });
export type StaffMemberParams = Static<typeof StaffMemberParams>;

export const StaffInviteParams = Type.Object({ id: Id, inviteId: Id });
export type StaffInviteParams = Static<typeof StaffInviteParams>;

export const InviteStaffBody = Type.Object(
  { email: Text({ minLength: 1, maxLength: 320 }), role: StaffRoleSchema },
  { additionalProperties: false },
);
export type InviteStaffBody = Static<typeof InviteStaffBody>;

export const ChangeStaffRoleBody = Type.Object({ role: StaffRoleSchema }, { additionalProperties: false });
export type ChangeStaffRoleBody = Static<typeof ChangeStaffRoleBody>;

/** The invite's link carries the token; the invitee chooses their password (the password policy applies). */
export const AcceptStaffInviteBody = Type.Object(
  { token: Text({ minLength: 1, maxLength: 200 }), password: Text({ minLength: 1, maxLength: 1024 }) },
  { additionalProperties: false },
);
export type AcceptStaffInviteBody = Static<typeof AcceptStaffInviteBody>;

/** The console's address of the invite's link: the accept page reads `token` from it. */
export const STAFF_INVITE_PATH = '/join';

export const LAST_OWNER =
  'This is the last owner of the manufacturer. Make another staff member an owner first: a manufacturer always keeps one.';
export const INVITE_NOT_VALID = 'This invite link cannot be used. Ask the owner who invited you to send a new invite.';
/** Nobody disables or removes themselves; who can instead depends on the role of the one asking (admins manage admins). */
export const NOT_YOURSELF = {
  owner: 'You cannot disable or remove yourself. Another owner can.',
  admin: 'You cannot disable or remove yourself. Another owner or admin can.',
} as const;
export const STAFF_MEMBER_NOT_FOUND = 'Staff member not found.';
export const STAFF_INVITE_NOT_FOUND = 'Invite not found.';
export const EMAIL_HAS_ACCOUNT = 'This email address already has a ProductHub account.';
