import { usersLinks } from 'shared-kit/pages';

/**
 * Where the users pages lead (the remote's page table in shared-kit/pages); the users list, user details and the
 * licence form link to each other, so they share this file.
 */
export const userLinks = {
  list: usersLinks.users(),
  create: usersLinks.createUser(),
  importUsers: usersLinks.importUsers(),
  edit: usersLinks.editUser,
  details: usersLinks.userDetails,
  createLicense: usersLinks.createUserLicense,
};

export const NOT_A_USER_ADDRESS = 'This address does not name a user. Open the user from the Users list.';
