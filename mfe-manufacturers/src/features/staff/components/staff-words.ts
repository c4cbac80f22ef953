import { formatDateTime, type StaffInvite, type StaffMember } from 'shared-kit';
import { STAFF_INVITE_DAYS, STAFF_ROLE_LABELS, STAFF_ROLES, type StaffRole } from 'shared-kit/contract';

export const TITLE = 'Staff';
export const STAFF_LOAD_FAILED = 'The staff could not be loaded.';
export const NO_STAFF = 'No staff members yet. Invite one: the link in the mail lets them choose a password.';
export const REQUIREMENT_LABEL = 'Require two-factor sign-in for every staff member';
export const REQUIREMENT_LOAD_FAILED = 'Whether two-factor sign-in is required could not be loaded.';
export const REQUIREMENT_SAVE_FAILED = 'The two-factor requirement could not be saved. Please try again.';
export const REQUIREMENT_ON =
  'Two-factor sign-in is now required: a staff member without a factor sets one up at their next sign-in.';
export const REQUIREMENT_OFF = 'Two-factor sign-in is no longer required: each staff member chooses.';

export const ROLE_CHOICES: { value: StaffRole; label: string }[] = STAFF_ROLES.map((role) => ({
  value: role,
  label: STAFF_ROLE_LABELS[role],
}));

export const roleLabel = (role: StaffRole) => STAFF_ROLE_LABELS[role];

const FACTOR_LABELS: Record<StaffMember['two_factor'][number], string> = {
  totp: 'Authenticator app',
  passkey: 'Passkey',
};

/** Which second factors a member signs in with, or "Off" for the password alone. */
export const twoFactorWords = (member: StaffMember) =>
  member.two_factor.length === 0 ? 'Off' : member.two_factor.map((factor) => FACTOR_LABELS[factor]).join(', ');

export const statusWords = (member: StaffMember) => (member.status === 'active' ? 'Active' : 'Disabled');

/** An invite's status: open until it expires; an expired one stays listed until it is replaced. */
export function inviteWords(invite: StaffInvite, now = Date.now()): string {
  return new Date(invite.expires_at).getTime() <= now
    ? `Invite expired ${formatDateTime(invite.expires_at)}`
    : `Invited, expires ${formatDateTime(invite.expires_at)}`;
}

export const inviteSent = (email: string) => `Invite sent to ${email}; the link works for ${STAFF_INVITE_DAYS} days.`;

export const roleChanged = (member: StaffMember) => `The role of ${member.email} is now ${roleLabel(member.role)}.`;

export const WITHDRAW_FAILED = 'The invite could not be withdrawn. Please try again.';
export const withdrawQuestion = (email: string) =>
  `Withdraw the invite to ${email}? The link in their mail stops working; a new invite can be sent later.`;
export const inviteWithdrawn = (email: string) => `The invite to ${email} is withdrawn.`;
