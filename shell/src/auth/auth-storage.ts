import {
  ACCESS_LEVELS,
  AUTH_COOKIE_NAME,
  AUTH_STORAGE_KEY,
  SESSION_LIFETIME_HOURS,
  STAFF_ROLE_NAMES,
  type AuthSession,
} from 'shared-kit';

/** The stored login (docs/console.md, Sign-in and session), or null when absent or not a login we wrote. */
export function parseStoredSession(raw: string | null): AuthSession | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<AuthSession>;
    const manufacturer = value.manufacturer;
    const validManufacturer =
      manufacturer === null ||
      (!!manufacturer && typeof manufacturer.id === 'number' && typeof manufacturer.name === 'string');
    if (
      typeof value.token !== 'string' ||
      !value.token ||
      !ACCESS_LEVELS.includes(value.access_level as never) ||
      !validManufacturer
    ) {
      return null;
    }
    const session: AuthSession = {
      token: value.token,
      access_level: value.access_level!,
      manufacturer: manufacturer ?? null,
    };
    const role = value.staff_role;
    if (role === null || (typeof role === 'string' && Object.hasOwn(STAFF_ROLE_NAMES, role))) session.staff_role = role;
    return session;
  } catch {
    return null;
  }
}

export function readStoredSession(): AuthSession | null {
  return parseStoredSession(localStorage.getItem(AUTH_STORAGE_KEY));
}

/**
 * The cookie's attributes: `Secure` on a page served over HTTPS, so the token is never sent in clear (the server's
 * own Set-Cookie at sign-in agrees, also behind a TLS-terminating proxy).
 */
export const sessionCookieAttributes = (maxAge: number, protocol = window.location.protocol) =>
  `Max-Age=${maxAge}; Path=/; SameSite=Strict${protocol === 'https:' ? '; Secure' : ''}`;

/** Stores the login and the `authorization` cookie (24 h) that file downloads opened by the browser carry. */
export function storeSession(session: AuthSession): void {
  localStorage.setItem(AUTH_STORAGE_KEY, JSON.stringify(session));
  const maxAge = SESSION_LIFETIME_HOURS * 3600;
  document.cookie = `${AUTH_COOKIE_NAME}=${encodeURIComponent(session.token)}; ${sessionCookieAttributes(maxAge)}`;
}

export function clearStoredSession(): void {
  localStorage.removeItem(AUTH_STORAGE_KEY);
  document.cookie = `${AUTH_COOKIE_NAME}=; ${sessionCookieAttributes(0)}`;
}
