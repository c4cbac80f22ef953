// Links between this remote's pages, relative to the area's parent route (/Home in the shell, the base path
// when mounted elsewhere), so the same code works in both places.
const segment = (value: string | number) => encodeURIComponent(String(value));

export const areaPaths = {
  users: () => '../Users',
  createUser: () => '../CreateUser',
  editUser: (user: { id: number; email: string; external_id: string | null }) =>
    `../EditUser/${segment(user.id)}/${segment(user.email)}${user.external_id ? `/${segment(user.external_id)}` : ''}`,
  userDetails: (userId: number | string) => `../UserDetails/${segment(userId)}`,
  createUserLicense: (userId: number | string, email: string) => `../CreateUserLicense/${segment(userId)}/${segment(email)}`,
};

/** A user id from the URL: a positive whole number, or null when the address is not a valid one. */
export function parseUserId(value: string | undefined): number | null {
  if (!value || !/^[1-9]\d{0,9}$/.test(value)) return null;
  const id = Number(value);
  return id <= 2147483647 ? id : null;
}
