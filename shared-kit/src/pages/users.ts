import type { EndUser } from '../contract';
import { pageTable, linksOf } from './page-table';

const manufacturer = ['manufacturer'] as const;
const segment = (value: string | number) => encodeURIComponent(String(value));

/** The users remote's pages (mfe-users): end users, their details and licences (docs/console.md, Users). */
export const usersPages = pageTable({
  remote: 'users',
  title: 'Users',
  section: 'Users',
  pages: {
    users: {
      path: 'Users',
      access: manufacturer,
      at: () => 'Users',
      nav: { label: 'Users', audience: 'manufacturer' },
    },
    importUsers: { path: 'Users/Import', access: manufacturer, at: () => 'Users/Import' },
    createUser: { path: 'CreateUser', access: manufacturer, at: () => 'CreateUser' },
    editUser: {
      path: 'EditUser/:userID/:userEmail/:externalId?',
      access: manufacturer,
      at: (user: Pick<EndUser, 'id' | 'email' | 'external_id'>) =>
        `EditUser/${segment(user.id)}/${segment(user.email)}${user.external_id ? `/${segment(user.external_id)}` : ''}`,
    },
    userDetails: {
      path: 'UserDetails/:userID',
      access: manufacturer,
      at: (userId: number) => `UserDetails/${segment(userId)}`,
    },
    createUserLicense: {
      path: 'CreateUserLicense/:userID/:userEmail',
      access: manufacturer,
      at: (userId: number, email: string) => `CreateUserLicense/${segment(userId)}/${segment(email)}`,
    },
  },
});

export const usersLinks = linksOf(usersPages);
