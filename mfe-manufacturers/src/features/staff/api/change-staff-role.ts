import type { StaffMember, StaffRole } from 'shared-kit';
import { useApiMutation, type ApiMutation } from 'shared-kit/data';
import { staffKeys } from './staff-keys';

export interface RoleChange {
  manufacturerId: number;
  memberId: number;
  role: StaffRole;
}

const changeStaffRole: ApiMutation<RoleChange, StaffMember> = {
  name: 'change-staff-role',
  method: 'PUT',
  path: ({ manufacturerId, memberId }) => staffKeys.member(manufacturerId, memberId, 'role'),
  body: ({ role }) => ({ role }),
  invalidates: ({ manufacturerId }) => [staffKeys.listOf(manufacturerId)],
};

/** PUT /manufacturers/{id}/staff/{memberId}/role: refused (409) for the last owner. */
export const useChangeStaffRole = () => useApiMutation<RoleChange, StaffMember>(changeStaffRole);
