import { useApiResource, type ResourceResult, type StaffList } from 'shared-kit';
import { staffKeys } from './staff-keys';

/** GET /manufacturers/{id}/staff: the members (role, status, two-factor, last sign-in) and the open invites. */
export const useStaff = (manufacturerId: number): ResourceResult<StaffList> =>
  useApiResource<StaffList>(staffKeys.list(manufacturerId));
