import { Type, type Static } from '@sinclair/typebox';
import { Text, Timestamp } from './common';
import { PasskeyRegistrationResponse, PASSKEY_NAME_MAX_LENGTH } from './passkeys';
import { TotpCode } from './two-factor';

/**
 * Whether two-factor sign-in is required: for every staff member of a manufacturer (set by its owner or the Super
 * User), or for every system user (the platform's, set by the Super User). `required_since` is when it was turned on.
 */
export const TwoFactorRequirement = Type.Object({
  required: Type.Boolean(),
  required_since: Type.Union([Timestamp, Type.Null()]),
});
export type TwoFactorRequirement = Static<typeof TwoFactorRequirement>;

export const TwoFactorRequirementBody = Type.Object({ required: Type.Boolean() }, { additionalProperties: false });
export type TwoFactorRequirementBody = Static<typeof TwoFactorRequirementBody>;

/** The ways a user without a factor may enrol at sign-in. */
export const ENROLMENT_METHODS = ['totp', 'passkey'] as const;

/**
 * What the password step answers where two-factor is required and the user has no factor: no session, a token that
 * reaches only the enrolment routes (POST /systemusers/login/enrolment/…).
 */
export const EnrolmentNeeded = Type.Object({
  enrolment_required: Type.Literal(true),
  pending_token: Text(),
  expires_at: Timestamp,
  methods: Type.Array(Type.Union(ENROLMENT_METHODS.map((method) => Type.Literal(method)))),
});
export type EnrolmentNeeded = Static<typeof EnrolmentNeeded>;

const PendingToken = Text({ minLength: 1, maxLength: 128 });

export const EnrolmentStartBody = Type.Object({ pending_token: PendingToken }, { additionalProperties: false });
export type EnrolmentStartBody = Static<typeof EnrolmentStartBody>;

export const EnrolmentTotpConfirmBody = Type.Object(
  { pending_token: PendingToken, code: TotpCode },
  { additionalProperties: false },
);
export type EnrolmentTotpConfirmBody = Static<typeof EnrolmentTotpConfirmBody>;

export const EnrolmentPasskeyBody = Type.Object(
  {
    pending_token: PendingToken,
    name: Text({ minLength: 1, maxLength: PASSKEY_NAME_MAX_LENGTH }),
    response: PasskeyRegistrationResponse,
  },
  { additionalProperties: false },
);
export type EnrolmentPasskeyBody = Static<typeof EnrolmentPasskeyBody>;

export const LAST_FACTOR_REQUIRED =
  'Two-factor sign-in is required for your account, so your last factor cannot be turned off. Add another factor first.';
