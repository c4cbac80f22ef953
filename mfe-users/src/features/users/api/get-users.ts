import type { ListState } from 'shared-kit';
import { userKeys } from 'shared-kit/data';

/** GET /users: one page of the manufacturer's end users, searched by email. */
export const usersKey = ({ search, page, perPage }: ListState) =>
  userKeys.list({ email: search, page, per_page: perPage });
