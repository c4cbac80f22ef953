import { remoteRoutes } from './page-table';

/** The users remote's routes (mfe-users): end users, their details and licences (docs/console.md, Users). */
export const usersRoutes = remoteRoutes({
  remote: 'users',
  pages: {
    users: { path: 'Users' },
    importUsers: { path: 'Users/Import' },
    createUser: { path: 'CreateUser' },
    editUser: { path: 'EditUser/:userID/:userEmail/:externalId?' },
    userDetails: { path: 'UserDetails/:userID' },
    createUserLicense: { path: 'CreateUserLicense/:userID/:userEmail' },
  },
});
