import { type ChannelMembership, type ChannelMembershipBody } from 'shared-kit';
import { channelKeys, useApiMutation, userKeys, type ApiMutation } from 'shared-kit/data';
import type { MembershipTarget } from './membership-target';

const addChannelMembership: ApiMutation<MembershipTarget, ChannelMembership> = {
  name: 'add-channel-membership',
  method: 'POST',
  path: ({ manufacturerId, channelId }) => [channelKeys.users(manufacturerId, channelId)[0]],
  body: ({ userId }): ChannelMembershipBody => ({ user_id: userId }),
  invalidates: ({ userId }) => [userKeys.detail(userId)],
};

/** POST /manufacturers/{id}/channels/{channelId}/users, then the user's details are fetched afresh. */
export const useAddChannelMembership = () => useApiMutation(addChannelMembership);
