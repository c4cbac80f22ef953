import { useMemo } from 'react';
import { lockedControl, useCan, type LockedControl } from 'shared-kit';
import { OWNER_ONLY, type StaffRole } from 'shared-kit/contract';

export interface OwnerLocks {
  /** The lock of each button on a member's row: an owner's account is an owner's alone. */
  member: (role: StaffRole) => LockedControl;
  /** The lock of an invite's Withdraw: an invite to be an owner is an owner's alone. */
  invite: (role: StaffRole) => LockedControl;
  /** Why the role "Owner" cannot be chosen, or undefined where it can. */
  ownerChoice: string | undefined;
}

const OPEN: LockedControl = {};
const MEMBER_LOCK = lockedControl(OWNER_ONLY.manageOwner);
const INVITE_LOCK = lockedControl(OWNER_ONLY.withdrawOwnerInvite);
const UNLOCKED: OwnerLocks = { member: () => OPEN, invite: () => OPEN, ownerChoice: undefined };
const ADMIN_LOCKS: OwnerLocks = {
  member: (role) => (role === 'owner' ? MEMBER_LOCK : OPEN),
  invite: (role) => (role === 'owner' ? INVITE_LOCK : OPEN),
  ownerChoice: OWNER_ONLY.makeOwner,
};

/**
 * What the signed-in member may not do to owners, from the permission table (`staff.access`, which owners and the
 * Super User hold): the section's controls stay in place, disabled with the server's own reason.
 */
export function useOwnerLocks(): OwnerLocks {
  const { allowed } = useCan('staff.access');
  return useMemo(() => (allowed ? UNLOCKED : ADMIN_LOCKS), [allowed]);
}
