import type { SessionsEnded, StaffMember } from 'shared-kit';
import type { MemberAction } from '../api/member-actions';

interface ActionWords {
  /** The row's button, and the dialog's confirm button. */
  label: string;
  title: string;
  question: (member: StaffMember) => string;
  danger: boolean;
  failed: string;
  /** What the section says once it is done. */
  done: (member: StaffMember, answer: unknown) => string;
}

/** Each action on a member, in the console's words. */
export const MEMBER_ACTION_WORDS: Record<MemberAction, ActionWords> = {
  disable: {
    label: 'Disable',
    title: 'Disable Staff Member',
    question: (member) => `Disable ${member.email}? Their sessions end at once and they cannot sign in until enabled.`,
    danger: true,
    failed: 'The staff member could not be disabled. Please try again.',
    done: (member) => `${member.email} is disabled.`,
  },
  enable: {
    label: 'Enable',
    title: 'Enable Staff Member',
    question: (member) => `Enable ${member.email}? They can sign in again with their role.`,
    danger: false,
    failed: 'The staff member could not be enabled. Please try again.',
    done: (member) => `${member.email} is enabled.`,
  },
  remove: {
    label: 'Remove',
    title: 'Remove Staff Member',
    question: (member) =>
      `Remove ${member.email} from the staff? Their sessions and second factors end and they cannot sign in; a new invite brings them back.`,
    danger: true,
    failed: 'The staff member could not be removed. Please try again.',
    done: (member) => `${member.email} is removed from the staff.`,
  },
  'end-sessions': {
    label: 'End sessions',
    title: 'End Sessions',
    question: (member) => `Sign ${member.email} out everywhere? Each of their sessions ends at once.`,
    danger: true,
    failed: 'The sessions could not be ended. Please try again.',
    done: (member, answer) => `Sessions of ${member.email} ended: ${(answer as SessionsEnded).ended}.`,
  },
  'reset-two-factor': {
    label: 'Reset two-factor',
    title: 'Reset Two-Factor Sign-In',
    question: (member) =>
      `Remove the second factors of ${member.email} (authenticator app, recovery codes, passkeys)? Their password alone signs them in until they set one up again.`,
    danger: true,
    failed: 'Two-factor sign-in could not be reset. Please try again.',
    done: (member) => `Two-factor sign-in of ${member.email} is reset.`,
  },
};
