import { channelKeys, useApiMutation, userKeys, type ApiMutation } from 'shared-kit/data';
import type { MembershipTarget } from './membership-target';

const removeChannelMembership: ApiMutation<MembershipTarget, unknown> = {
  name: 'remove-channel-membership',
  method: 'DELETE',
  path: ({ manufacturerId, channelId, userId }) => channelKeys.user(manufacturerId, channelId, userId),
  invalidates: ({ userId }) => [userKeys.detail(userId)],
};

/** DELETE /manufacturers/{id}/channels/{channelId}/users/{userId}, then the user's details are fetched afresh. */
export const useRemoveChannelMembership = () => useApiMutation(removeChannelMembership);
