// The users remote's manifest: its routes (shared-kit/pages, usersRoutes) bound to their components. Exposed as
// ./routes and ./mount (tools/webpack/create-app-config.js).
import { defineRemote, lazyPage } from 'shared-kit';
import { usersRoutes } from 'shared-kit/pages';
import { UsersPage } from './features/users/pages/UsersPage';

// The users list comes with the manifest; every other page is fetched when first visited.
export const remote = defineRemote(usersRoutes, {
  users: UsersPage,
  importUsers: lazyPage(() =>
    import('./features/user-import/pages/ImportUsersPage').then((page) => page.ImportUsersPage),
  ),
  createUser: lazyPage(() => import('./features/users/pages/CreateUserPage').then((page) => page.CreateUserPage)),
  editUser: lazyPage(() => import('./features/users/pages/EditUserPage').then((page) => page.EditUserPage)),
  userDetails: lazyPage(() =>
    import('./features/user-details/pages/UserDetailsPage').then((page) => page.UserDetailsPage),
  ),
  createUserLicense: lazyPage(() =>
    import('./features/user-licenses/pages/CreateUserLicensePage').then((page) => page.CreateUserLicensePage),
  ),
});

export default remote.Routes;
export const { mount } = remote;
