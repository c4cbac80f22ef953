import { usePagedList, type EndUser } from 'shared-kit';
import { USERS_PATH } from '../../../lib/user-keys';

export interface UsersQuery {
  email: string;
  page: number;
  perPage: number;
}

/** GET /users: one page of the manufacturer's end users, searched by email. */
export function useUsers({ email, page, perPage }: UsersQuery): ReturnType<typeof usePagedList<EndUser>> {
  return usePagedList<EndUser>(USERS_PATH, { email, page, per_page: perPage });
}
