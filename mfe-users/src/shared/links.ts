import type { EndUser } from 'shared-kit';

const segment = (value: string | number) => encodeURIComponent(String(value));

/**
 * Where the users pages lead, relative to the remote's routes (/Home in the shell, the base path when mounted
 * elsewhere); the users list, user details and the licence form link to each other, so they share this file.
 */
export const userLinks = {
  list: '../Users',
  create: '../CreateUser',
  importUsers: '../Users/Import',
  edit: (user: Pick<EndUser, 'id' | 'email' | 'external_id'>) =>
    `../EditUser/${segment(user.id)}/${segment(user.email)}${user.external_id ? `/${segment(user.external_id)}` : ''}`,
  details: (userId: number) => `../UserDetails/${segment(userId)}`,
  createLicense: (userId: number, email: string) => `../CreateUserLicense/${segment(userId)}/${segment(email)}`,
};

export const NOT_A_USER_ADDRESS = 'This address does not name a user. Open the user from the Users list.';
