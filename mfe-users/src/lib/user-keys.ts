import type { Key } from 'swr';

// SWR keys of this remote's data: usePagedList caches under [path, query], useApiResource under [path].
export const USERS_PATH = '/users';
export const userPath = (userId: number) => `${USERS_PATH}/${userId}`;
export const userLicensesPath = (userId: number) => `${userPath(userId)}/licenses`;

const pathOf = (key: Key): string | undefined => (Array.isArray(key) && typeof key[0] === 'string' ? key[0] : undefined);

/** Every page and search of the users list. */
export const isUsersListKey = (key: Key) => pathOf(key) === USERS_PATH;
/** One user's details. */
export const isUserKey = (userId: number) => (key: Key) => pathOf(key) === userPath(userId);
/** Every page of one user's licences (the licence table of mfe-licensing reads them). */
export const isUserLicensesKey = (userId: number) => (key: Key) => pathOf(key) === userLicensesPath(userId);
