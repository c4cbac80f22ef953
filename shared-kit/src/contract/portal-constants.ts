// The customer portal's plain values, free of TypeBox: the portal's UI and the server read them from here (the
// contract re-exports them from portal.ts).

/** The Authorization scheme of a customer session: `Authorization: PortalSession <token>`. Staff use `MSession`. */
export const PORTAL_AUTH_SCHEME = 'PortalSession';

/** Where the API's portal routes live, and where ProductHub serves a manufacturer's portal page. */
export const PORTAL_API_PREFIX = '/api/v1/portal';
export const PORTAL_PAGE_PREFIX = '/portal';

/** The magic link of a sign-in mail: `<public URL>/portal/<slug>/sign-in?token=<token>` (shared-kit/pages, portal.ts). */
export const PORTAL_SIGN_IN_TOKEN_QUERY = 'token';

/** A sign-in code: 6 digits, valid 10 minutes, 5 tries; after that the customer asks for a new one. */
export const PORTAL_SIGN_IN_CODE_LENGTH = 6;
export const PORTAL_SIGN_IN_CODE_TTL_MINUTES = 10;
export const PORTAL_SIGN_IN_CODE_MAX_TRIES = 5;
