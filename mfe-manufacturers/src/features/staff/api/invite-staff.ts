import type { InviteStaffBody, StaffInvite } from 'shared-kit';
import { useApiMutation, type ApiMutation } from 'shared-kit/data';
import { staffKeys } from './staff-keys';

export interface NewStaffInvite {
  manufacturerId: number;
  body: InviteStaffBody;
}

const inviteStaff: ApiMutation<NewStaffInvite, StaffInvite> = {
  name: 'invite-staff',
  method: 'POST',
  path: ({ manufacturerId }) => staffKeys.invites(manufacturerId),
  body: ({ body }) => body,
  invalidates: ({ manufacturerId }) => [staffKeys.listOf(manufacturerId)],
};

/** POST /manufacturers/{id}/staff/invites: mails the address a one-time link that works for 7 days. */
export const useInviteStaff = () => useApiMutation<NewStaffInvite, StaffInvite>(inviteStaff);
