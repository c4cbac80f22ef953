import type { EndUser } from '../contract';
import type { PageLinks } from './page-table';
import type { usersRoutes } from './users-routes';

const segment = (value: string | number) => encodeURIComponent(String(value));

/** The links into the users remote's pages (users-routes.ts), from what each page is about. */
export const usersLinks = {
  users: () => '../Users',
  importUsers: () => '../Users/Import',
  createUser: () => '../CreateUser',
  editUser: (user: Pick<EndUser, 'id' | 'email' | 'external_id'>) =>
    `../EditUser/${segment(user.id)}/${segment(user.email)}${user.external_id ? `/${segment(user.external_id)}` : ''}`,
  userDetails: (userId: number) => `../UserDetails/${segment(userId)}`,
  createUserLicense: (userId: number, email: string) => `../CreateUserLicense/${segment(userId)}/${segment(email)}`,
} satisfies PageLinks<(typeof usersRoutes)['pages']>;
