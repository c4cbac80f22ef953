import { Type, type Static } from '@sinclair/typebox';
import { Id, Text, Timestamp } from './common';
import { TotpCode } from './two-factor';

/** How long a WebAuthn challenge waits for the browser's answer (each is single use). */
export const PASSKEY_CHALLENGE_MINUTES = 5;
export const PASSKEY_NAME_MAX_LENGTH = 64;

/** Base64url text as WebAuthn's JSON carries it (ids, client data, authenticator data, signatures). */
const Base64Url = (maxLength: number) => Text({ minLength: 1, maxLength, pattern: '^[A-Za-z0-9_-]+={0,2}$' });
const Transport = Text({ maxLength: 32, pattern: '^[a-z-]+$' });

/** The browser's answer to a registration (`startRegistration` of @simplewebauthn/browser), the fields checked. */
export const PasskeyRegistrationResponse = Type.Object({
  id: Base64Url(1024),
  rawId: Base64Url(1024),
  type: Type.Literal('public-key'),
  response: Type.Object({
    clientDataJSON: Base64Url(16_384),
    attestationObject: Base64Url(65_536),
    transports: Type.Optional(Type.Array(Transport, { maxItems: 8 })),
  }),
  authenticatorAttachment: Type.Optional(Type.Union([Type.Literal('platform'), Type.Literal('cross-platform')])),
  clientExtensionResults: Type.Object({}),
});
export type PasskeyRegistrationResponse = Static<typeof PasskeyRegistrationResponse>;

/** The browser's answer to a sign-in (`startAuthentication`), the fields checked. */
export const PasskeyAuthenticationResponse = Type.Object({
  id: Base64Url(1024),
  rawId: Base64Url(1024),
  type: Type.Literal('public-key'),
  response: Type.Object({
    clientDataJSON: Base64Url(16_384),
    authenticatorData: Base64Url(16_384),
    signature: Base64Url(1024),
    userHandle: Type.Optional(Base64Url(1024)),
  }),
  authenticatorAttachment: Type.Optional(Type.Union([Type.Literal('platform'), Type.Literal('cross-platform')])),
  clientExtensionResults: Type.Object({}),
});
export type PasskeyAuthenticationResponse = Static<typeof PasskeyAuthenticationResponse>;

/**
 * WebAuthn options as the server made them (@simplewebauthn/server), handed to the browser library as they are:
 * their shape is the WebAuthn standard's, so the contract does not repeat it.
 */
export const PasskeyOptions = Type.Object({ options: Type.Unknown() });
export type PasskeyOptions = Static<typeof PasskeyOptions>;

export const Passkey = Type.Object({
  id: Id,
  name: Text(),
  created_at: Timestamp,
  last_used_at: Type.Union([Timestamp, Type.Null()]),
});
export type Passkey = Static<typeof Passkey>;
export const PasskeyList = Type.Object({ passkeys: Type.Array(Passkey) });
export type PasskeyList = Static<typeof PasskeyList>;

/** A fresh second factor where an authenticator app is on: a current code of it. Nothing where no factor is on. */
export const FreshFactorBody = Type.Object({ code: Type.Optional(TotpCode) }, { additionalProperties: false });
export type FreshFactorBody = Static<typeof FreshFactorBody>;

/**
 * A fresh second factor by passkey: the answer of one of the user's passkeys to a challenge of
 * POST /systemusers/me/passkeys/proof-options.
 */
export const PasskeyProofBody = Type.Object(
  { passkey: PasskeyAuthenticationResponse },
  { additionalProperties: false },
);
export type PasskeyProofBody = Static<typeof PasskeyProofBody>;

export const PasskeyRegistrationBody = Type.Object(
  {
    name: Text({ minLength: 1, maxLength: PASSKEY_NAME_MAX_LENGTH }),
    response: PasskeyRegistrationResponse,
  },
  { additionalProperties: false },
);
export type PasskeyRegistrationBody = Static<typeof PasskeyRegistrationBody>;

export const PasskeySignInOptionsBody = Type.Object(
  { pending_token: Text({ minLength: 1, maxLength: 128 }) },
  { additionalProperties: false },
);
export type PasskeySignInOptionsBody = Static<typeof PasskeySignInOptionsBody>;

export const PasskeySignInBody = Type.Object(
  {
    pending_token: Text({ minLength: 1, maxLength: 128 }),
    response: PasskeyAuthenticationResponse,
  },
  { additionalProperties: false },
);
export type PasskeySignInBody = Static<typeof PasskeySignInBody>;

export const PASSKEY_NOT_RECOGNISED = 'That passkey was not recognised. Try again, or use another way to sign in.';
export const PASSKEY_CHALLENGE_GONE = 'That passkey request has expired or was used already. Please start again.';
export const PASSKEY_NOT_CREATED = 'The passkey could not be checked. Please try again.';
export const NO_PASSKEYS = 'This account has no passkey.';
export const FRESH_FACTOR_NEEDED =
  'Confirm it is you first: enter a current code from your authenticator app, or use one of your passkeys.';
export const WRONG_FRESH_FACTOR = 'That code or passkey is not right.';
export const PASSKEY_NAME_BLANK = 'Give the passkey a name.';
export const PASSKEY_NOT_FOUND = 'Passkey not found.';
