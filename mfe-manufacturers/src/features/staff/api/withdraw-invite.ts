import { useApiMutation, type ApiMutation } from 'shared-kit/data';
import { staffKeys } from './staff-keys';

export interface StaffInviteRef {
  manufacturerId: number;
  inviteId: number;
}

const withdrawInvite: ApiMutation<StaffInviteRef, null> = {
  name: 'withdraw-staff-invite',
  method: 'DELETE',
  path: ({ manufacturerId, inviteId }) => staffKeys.invite(manufacturerId, inviteId),
  invalidates: ({ manufacturerId }) => [staffKeys.listOf(manufacturerId)],
};

/** DELETE /manufacturers/{id}/staff/invites/{inviteId}: the invite's link then opens nothing. */
export const useWithdrawInvite = () => useApiMutation<StaffInviteRef, null>(withdrawInvite);
