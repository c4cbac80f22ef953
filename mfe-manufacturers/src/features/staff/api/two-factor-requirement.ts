import { useApiResource, type ResourceResult, type TwoFactorRequirement } from 'shared-kit';
import { useApiMutation, type ApiMutation } from 'shared-kit/data';
import { staffKeys } from './staff-keys';

/** GET /manufacturers/{id}/two-factor-requirement: whether every staff member must sign in with two factors. */
export const useTwoFactorRequirement = (manufacturerId: number): ResourceResult<TwoFactorRequirement> =>
  useApiResource<TwoFactorRequirement>(staffKeys.requirement(manufacturerId));

export interface RequirementChange {
  manufacturerId: number;
  required: boolean;
}

const setRequirement: ApiMutation<RequirementChange, TwoFactorRequirement> = {
  name: 'set-two-factor-requirement',
  method: 'PUT',
  path: ({ manufacturerId }) => staffKeys.requirement(manufacturerId),
  body: ({ required }) => ({ required }),
  invalidates: ({ manufacturerId }) => [staffKeys.requirement(manufacturerId)],
};

/** PUT /manufacturers/{id}/two-factor-requirement (an owner or the Super User). */
export const useSetTwoFactorRequirement = () => useApiMutation<RequirementChange, TwoFactorRequirement>(setRequirement);
