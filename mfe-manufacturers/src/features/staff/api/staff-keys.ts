import { resourceKey, scope } from 'shared-kit/data';

// Kept with the feature rather than in shared-kit/data's keys.ts: that module is shared with the shell at run time,
// so a key factory added there would reach a remote only with a rebuilt shell.
/** A manufacturer's staff (members and open invites), one invite, one member's routes, and its two-factor requirement. */
export const staffKeys = {
  list: (manufacturerId: number) => resourceKey('manufacturers', manufacturerId, 'staff'),
  invites: (manufacturerId: number) => resourceKey('manufacturers', manufacturerId, 'staff', 'invites'),
  invite: (manufacturerId: number, inviteId: number) =>
    resourceKey('manufacturers', manufacturerId, 'staff', 'invites', inviteId),
  member: (manufacturerId: number, memberId: number, ...rest: string[]) =>
    resourceKey('manufacturers', manufacturerId, 'staff', memberId, ...rest),
  listOf: (manufacturerId: number) => scope('manufacturers', manufacturerId, 'staff'),
  requirement: (manufacturerId: number) => resourceKey('manufacturers', manufacturerId, 'two-factor-requirement'),
};
