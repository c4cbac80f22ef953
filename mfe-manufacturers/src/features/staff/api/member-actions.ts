import type { SessionsEnded, StaffMember } from 'shared-kit';
import { useApiMutation, type ApiMutation } from 'shared-kit/data';
import { staffKeys } from './staff-keys';

export interface StaffMemberRef {
  manufacturerId: number;
  memberId: number;
}

/** The actions on one member that send no body: each answers the member as it now is, or what it ended. */
export type MemberAction = 'disable' | 'enable' | 'remove' | 'end-sessions' | 'reset-two-factor';

const invalidates = ({ manufacturerId }: StaffMemberRef) => [staffKeys.listOf(manufacturerId)];

const mutations: Record<MemberAction, ApiMutation<StaffMemberRef, StaffMember | SessionsEnded | null>> = {
  // POST …/disable: their sessions end at once; refused for the last owner and for oneself.
  disable: {
    name: 'disable-staff-member',
    method: 'POST',
    path: ({ manufacturerId, memberId }) => staffKeys.member(manufacturerId, memberId, 'disable'),
    body: () => ({}),
    invalidates,
  },
  enable: {
    name: 'enable-staff-member',
    method: 'POST',
    path: ({ manufacturerId, memberId }) => staffKeys.member(manufacturerId, memberId, 'enable'),
    body: () => ({}),
    invalidates,
  },
  // DELETE …/{memberId}: they cannot sign in again; refused for the last owner and for oneself.
  remove: {
    name: 'remove-staff-member',
    method: 'DELETE',
    path: ({ manufacturerId, memberId }) => staffKeys.member(manufacturerId, memberId),
    invalidates,
  },
  'end-sessions': {
    name: 'end-staff-sessions',
    method: 'DELETE',
    path: ({ manufacturerId, memberId }) => staffKeys.member(manufacturerId, memberId, 'sessions'),
    invalidates,
  },
  'reset-two-factor': {
    name: 'reset-staff-two-factor',
    method: 'DELETE',
    path: ({ manufacturerId, memberId }) => staffKeys.member(manufacturerId, memberId, 'two-factor'),
    invalidates,
  },
};

/** One of a member's actions (disable, enable, remove, end sessions, reset two-factor), by its name. */
export const useMemberAction = (action: MemberAction) =>
  useApiMutation<StaffMemberRef, StaffMember | SessionsEnded | null>(mutations[action]);
