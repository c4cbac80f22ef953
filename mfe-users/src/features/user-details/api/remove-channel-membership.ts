import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import { useApiClient } from 'shared-kit';
import { isUserKey } from '../../../lib/user-keys';
import { channelUsersPath, type MembershipTarget } from './membership-target';

/** DELETE /manufacturers/{id}/channels/{channelId}/users/{userId}, then the user's details are fetched afresh. */
export function useRemoveChannelMembership() {
  const api = useApiClient();
  const { mutate } = useSWRConfig();
  return useCallback(
    async (target: MembershipTarget) => {
      await api.delete(`${channelUsersPath(target)}/${target.userId}`);
      await mutate(isUserKey(target.userId));
    },
    [api, mutate],
  );
}
