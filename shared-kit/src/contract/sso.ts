// Owned by the sso area: single sign-on over OpenID Connect per manufacturer (docs/staff-access.md, "Single sign-on").
import { Type, type Static } from '@sinclair/typebox';
import { Id, Text, Timestamp } from './common';
import { StaffRoleSchema } from './staff-roles';

export const SSO_ISSUER_MAX_LENGTH = 500;
export const SSO_CLIENT_ID_MAX_LENGTH = 300;
export const SSO_CLIENT_SECRET_MAX_LENGTH = 500;
export const SSO_DOMAINS_MAX = 20;
export const SSO_GROUP_ROLES_MAX = 50;
export const SSO_GROUP_MAX_LENGTH = 200;
/** A claim name as providers spell them: `groups`, `roles`, `https://example.com/claims/groups`. */
export const SSO_CLAIM_PATTERN = '^[A-Za-z0-9_.:/-]{1,200}$';
/** An email domain, lower case: `example.com`. */
export const SSO_DOMAIN_PATTERN =
  '^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)+$';
/** The minutes a sign-in may take at the provider: the state, nonce and PKCE verifier expire after them. */
export const SSO_SIGN_IN_MINUTES = 10;
/** The callback every provider registers as its redirect URI, under the server's public URL. */
export const SSO_CALLBACK_PATH = '/api/v1/sso/callback';
/** Where the callback lands the browser after a sign-in: the console's sign-in page picks the session up. */
export const SSO_LANDING_PATH = '/?sso=signed-in';

export const SsoGroupRole = Type.Object(
  { group: Text({ minLength: 1, maxLength: SSO_GROUP_MAX_LENGTH }), role: StaffRoleSchema },
  { additionalProperties: false },
);
export type SsoGroupRole = Static<typeof SsoGroupRole>;

/** GET /manufacturers/{id}/sso: the client secret is never answered, only whether it is set. */
export const SsoSettings = Type.Object({
  configured: Type.Boolean(),
  enabled: Type.Boolean(),
  issuer: Text(),
  client_id: Text(),
  client_secret_set: Type.Boolean(),
  allowed_domains: Type.Array(Text()),
  groups_claim: Text(),
  group_roles: Type.Array(SsoGroupRole),
  default_role: Type.Union([StaffRoleSchema, Type.Null()]),
  password_sign_in_off: Type.Boolean(),
  /** The redirect URI to register at the provider. */
  redirect_uri: Text(),
  /** The address that starts a sign-in for this manufacturer. */
  start_path: Text(),
  updated_at: Type.Union([Timestamp, Type.Null()]),
});
export type SsoSettings = Static<typeof SsoSettings>;

/** PUT /manufacturers/{id}/sso. `client_secret` absent keeps the one set; a string replaces it. */
export const SaveSsoSettingsBody = Type.Object(
  {
    enabled: Type.Boolean(),
    issuer: Text({ minLength: 1, maxLength: SSO_ISSUER_MAX_LENGTH }),
    client_id: Text({ minLength: 1, maxLength: SSO_CLIENT_ID_MAX_LENGTH, pattern: '^[\\x21-\\x7e]+$' }),
    client_secret: Type.Optional(
      Text({ minLength: 1, maxLength: SSO_CLIENT_SECRET_MAX_LENGTH, pattern: '^[\\x21-\\x7e]+$' }),
    ),
    allowed_domains: Type.Array(Text({ maxLength: 253, pattern: SSO_DOMAIN_PATTERN }), {
      minItems: 1,
      maxItems: SSO_DOMAINS_MAX,
    }),
    groups_claim: Text({ pattern: SSO_CLAIM_PATTERN }),
    group_roles: Type.Array(SsoGroupRole, { maxItems: SSO_GROUP_ROLES_MAX }),
    default_role: Type.Union([StaffRoleSchema, Type.Null()]),
    password_sign_in_off: Type.Boolean(),
  },
  { additionalProperties: false },
);
export type SaveSsoSettingsBody = Static<typeof SaveSsoSettingsBody>;

/** GET /sso/{manufacturer}/start: the manufacturer's portal slug or id. */
export const SsoStartParams = Type.Object({
  manufacturer: Text({ minLength: 1, maxLength: 100, pattern: '^[a-z0-9][a-z0-9-]*$' }),
});
export type SsoStartParams = Static<typeof SsoStartParams>;

/** GET /sso/callback: what the provider sends back (an error instead of a code when the user or it refused). */
export const SsoCallbackQuery = Type.Object({
  // Optional: a provider's error answer may come without it, and still ends on the sign-in page with a reason.
  state: Type.Optional(Text({ minLength: 1, maxLength: 200 })),
  code: Type.Optional(Text({ minLength: 1, maxLength: 2000 })),
  iss: Type.Optional(Text({ maxLength: SSO_ISSUER_MAX_LENGTH })),
  error: Type.Optional(Text({ maxLength: 200 })),
  error_description: Type.Optional(Text({ maxLength: 1000 })),
  session_state: Type.Optional(Text({ maxLength: 500 })),
});
export type SsoCallbackQuery = Static<typeof SsoCallbackQuery>;

export const SsoIdParams = Type.Object({ id: Id });

/** POST /sso/find: the work email whose domain names the company that signs it in. */
export const FindSsoBody = Type.Object(
  { email: Text({ minLength: 3, maxLength: 254, pattern: '^[^@\\s]+@[^@\\s]+$' }) },
  { additionalProperties: false },
);
export type FindSsoBody = Static<typeof FindSsoBody>;

/** Where the browser starts the sign-in of the company the email's domain belongs to. */
export const FoundSso = Type.Object({ start_path: Text() });
export type FoundSso = Static<typeof FoundSso>;

export const SSO_NOT_SET_UP = 'Single sign-on is not set up for this company.';
export const SSO_STATE_UNKNOWN = 'This sign-in link was already used or is unknown. Please start the sign-in again.';
export const SSO_STATE_EXPIRED = 'This sign-in took too long. Please start the sign-in again.';
export const SSO_PROVIDER_REFUSED = 'The identity provider did not sign you in.';
export const SSO_TOKEN_REFUSED =
  "The identity provider's answer could not be verified. Please start the sign-in again.";
export const SSO_PROVIDER_UNREACHABLE = 'The identity provider could not be reached. Please try again later.';
export const SSO_EMAIL_UNVERIFIED = 'Your email address is not verified at the identity provider.';
export const SSO_EMAIL_DOMAIN = 'Your email address is not in a domain this company signs in with.';
export const SSO_NO_ROLE = 'None of your groups gives you a role at this company. Ask an owner for access.';
export const SSO_OTHER_ACCOUNT = 'Your email address belongs to another ProductHub account.';
export const SSO_ACCOUNT_DISABLED = 'Your staff account is disabled.';
/** One answer for every email no single company signs in: it tells nothing about who uses ProductHub. */
export const SSO_DOMAIN_UNKNOWN =
  "Single sign-on is not set up for this email address's domain. Enter your company's sign-in name instead, or sign in with your password.";
export const SSO_ISSUER_REFUSED = (host: string, address: string, range: string) =>
  `issuer: the provider's host '${host}' resolves to ${address}, a ${range} address: ProductHub only reaches identity providers on public addresses (an operator can allow private ones with PRODUCTHUB_SSO_ALLOW_PRIVATE_ISSUERS=true).`;
export const SSO_ISSUER_UNRESOLVABLE = (host: string) => `issuer: the provider's host '${host}' could not be resolved.`;

/**
 * Why a sign-in started in the browser was refused: the start address and the callback send the browser back to the
 * sign-in page with one of these codes (`/?sso=refused&reason=…`), never the provider's own text, and the page shows
 * the code's message.
 */
export const SSO_REFUSALS = {
  'not-set-up': SSO_NOT_SET_UP,
  'state-unknown': SSO_STATE_UNKNOWN,
  'state-expired': SSO_STATE_EXPIRED,
  'provider-refused': SSO_PROVIDER_REFUSED,
  'token-refused': SSO_TOKEN_REFUSED,
  'provider-unreachable': SSO_PROVIDER_UNREACHABLE,
  'email-unverified': SSO_EMAIL_UNVERIFIED,
  'email-domain': SSO_EMAIL_DOMAIN,
  'no-role': SSO_NO_ROLE,
  'other-account': SSO_OTHER_ACCOUNT,
  'account-disabled': SSO_ACCOUNT_DISABLED,
} as const;
export type SsoRefusal = keyof typeof SSO_REFUSALS;
export const SSO_REFUSED = 'refused';
/** The sign-in page's address for a refusal. */
export const ssoRefusedPath = (reason: SsoRefusal) => `/?sso=${SSO_REFUSED}&reason=${reason}`;
/** The message of a refusal's code, or null for a code that is not one of them. */
export function ssoRefusalMessage(reason: string | null): string | null {
  return reason !== null && Object.hasOwn(SSO_REFUSALS, reason) ? SSO_REFUSALS[reason as SsoRefusal] : null;
}

export const PASSWORD_SIGN_IN_OFF =
  'Your company signs in with single sign-on: choose "Use single sign-on" on the sign-in page.';
