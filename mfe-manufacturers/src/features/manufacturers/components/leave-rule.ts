import type { AccessLevel } from 'shared-kit';

/**
 * A returnTo value from the address bar, if it is a path of this app. Anything else (another site, a
 * protocol-relative `//host`, `javascript:`) is ignored, so a crafted link cannot send the user elsewhere.
 */
export function safeReturnTo(value: string | null | undefined): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  return value;
}

export type LeaveTarget =
  | { kind: 'returnTo'; path: string }
  | { kind: 'previousPage' }
  /** A manufacturer user with no earlier page in this app (the address was opened directly). */
  | { kind: 'areaHome' }
  | { kind: 'manufacturersList' };

export interface LeaveSituation {
  returnTo: string | null;
  accessLevel: AccessLevel | undefined;
  /** Whether the user came to this page from another page of the app. */
  hasPreviousPage: boolean;
}

/**
 * The Back rule (docs/console.md, Manufacturer details), also used 2 s after a save: returnTo if present, else back one step for a
 * manufacturer user, else the manufacturers list.
 */
export function leaveTarget({ returnTo, accessLevel, hasPreviousPage }: LeaveSituation): LeaveTarget {
  const path = safeReturnTo(returnTo);
  if (path) return { kind: 'returnTo', path };
  if (accessLevel === 'manufacturer') return hasPreviousPage ? { kind: 'previousPage' } : { kind: 'areaHome' };
  return { kind: 'manufacturersList' };
}
