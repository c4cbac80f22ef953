// A browser activation's user code and the request's timing (RFC 8628), free of imports: the portal's page uses
// them too, through shared-kit's index.

/** The letters of a user code: consonants only (RFC 8628 §6.1), so no 0/O or 1/I confusion and no words. */
export const USER_CODE_ALPHABET = 'BCDFGHJKLMNPQRSTVWXZ';
export const USER_CODE_LENGTH = 8;
/** How long a request lives, and the polling interval the server asks for first (RFC 8628's `expires_in`, `interval`). */
export const BROWSER_ACTIVATION_TTL_SECONDS = 600;
export const BROWSER_ACTIVATION_INTERVAL_SECONDS = 5;
/** What `slow_down` adds to the interval (RFC 8628 §3.5). */
export const BROWSER_ACTIVATION_SLOW_DOWN_SECONDS = 5;
/** A user code as a customer may type it: 8 letters, a hyphen after the fourth optional, any case. */
export const USER_CODE_INPUT_PATTERN = '^[A-Za-z]{4}-?[A-Za-z]{4}$';

/** Normalises a typed user code to its stored form (8 upper-case letters), or null when it cannot be one. */
export function normalizeUserCode(typed: string): string | null {
  const letters = typed.replace(/[\s-]/g, '').toUpperCase();
  if (letters.length !== USER_CODE_LENGTH) return null;
  for (const letter of letters) if (!USER_CODE_ALPHABET.includes(letter)) return null;
  return letters;
}

/** A user code as shown: `XXXX-XXXX`. */
export const formatUserCode = (code: string) => `${code.slice(0, 4)}-${code.slice(4)}`;
