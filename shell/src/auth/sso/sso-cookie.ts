import { AUTH_COOKIE_NAME } from 'shared-kit';

/** The session token the SSO callback set in the `authorization` cookie, if there is one. */
export function tokenFromCookie(cookie = document.cookie): string | null {
  for (const part of cookie.split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === AUTH_COOKIE_NAME && value.join('=')) return decodeURIComponent(value.join('='));
  }
  return null;
}

/** The start address of a company's SSO sign-in: its sign-in name (the portal slug), as an owner gives it. */
export function ssoStartPath(apiBaseUrl: string, company: string): string | null {
  const slug = company.trim().toLowerCase();
  if (!/^[a-z0-9][a-z0-9-]*$/.test(slug)) return null;
  return `${apiBaseUrl.replace(/\/$/, '')}/sso/${encodeURIComponent(slug)}/start`;
}

/** Leaves the console for the sign-in's start address (the identity provider next). */
export function leaveFor(url: string): void {
  window.location.assign(url);
}
