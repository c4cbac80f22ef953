import type { EndUser } from '../contract';
import { linksOf, remoteRoutes } from './page-table';

const segment = (value: string | number) => encodeURIComponent(String(value));

/** The users remote's routes (mfe-users): end users, their details and licences (docs/console.md, Users). */
export const usersRoutes = remoteRoutes({
  remote: 'users',
  pages: {
    users: { path: 'Users', at: () => 'Users' },
    importUsers: { path: 'Users/Import', at: () => 'Users/Import' },
    createUser: { path: 'CreateUser', at: () => 'CreateUser' },
    editUser: {
      path: 'EditUser/:userID/:userEmail/:externalId?',
      at: (user: Pick<EndUser, 'id' | 'email' | 'external_id'>) =>
        `EditUser/${segment(user.id)}/${segment(user.email)}${user.external_id ? `/${segment(user.external_id)}` : ''}`,
    },
    userDetails: { path: 'UserDetails/:userID', at: (userId: number) => `UserDetails/${segment(userId)}` },
    createUserLicense: {
      path: 'CreateUserLicense/:userID/:userEmail',
      at: (userId: number, email: string) => `CreateUserLicense/${segment(userId)}/${segment(email)}`,
    },
  },
});

export const usersLinks = linksOf(usersRoutes);
