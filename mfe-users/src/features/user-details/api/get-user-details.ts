import { useApiResource, type EndUserDetails } from 'shared-kit';
import { userPath } from '../../../lib/user-keys';

/** GET /users/{id}: the user with fingerprints, channel memberships and licence transfers. */
export function useUserDetails(userId: number): ReturnType<typeof useApiResource<EndUserDetails>> {
  return useApiResource<EndUserDetails>(userPath(userId));
}
