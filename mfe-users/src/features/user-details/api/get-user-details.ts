import { useApiResource, type EndUserDetails } from 'shared-kit';
import { userKeys } from 'shared-kit/data';

/** GET /users/{id}: the user with fingerprints, channel memberships and licence transfers. */
export function useUserDetails(userId: number): ReturnType<typeof useApiResource<EndUserDetails>> {
  return useApiResource<EndUserDetails>(userKeys.detail(userId));
}
