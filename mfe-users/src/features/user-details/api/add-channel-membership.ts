import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import { useApiClient, type ChannelMembership, type ChannelMembershipBody } from 'shared-kit';
import { isUserKey } from '../../../lib/user-keys';
import { channelUsersPath, type MembershipTarget } from './membership-target';

/** POST /manufacturers/{id}/channels/{channelId}/users, then the user's details are fetched afresh. */
export function useAddChannelMembership() {
  const api = useApiClient();
  const { mutate } = useSWRConfig();
  return useCallback(
    async (target: MembershipTarget) => {
      const body: ChannelMembershipBody = { user_id: target.userId };
      const membership = await api.post<ChannelMembership>(channelUsersPath(target), body);
      await mutate(isUserKey(target.userId));
      return membership;
    },
    [api, mutate],
  );
}
