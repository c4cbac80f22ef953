import { Type, type Static } from '@sinclair/typebox';
import { Text, Timestamp } from './common';

/** How many recovery codes an enrolment (or a regeneration) hands out, each usable once. */
export const RECOVERY_CODE_COUNT = 10;
/** How long a right password waits for its second factor. */
export const PENDING_SIGN_IN_MINUTES = 5;

/** What the password step answers where a factor is enrolled: no session yet, a token for the second step. */
export const SecondFactorNeeded = Type.Object({
  second_factor_required: Type.Literal(true),
  /** Single use, short-lived; only POST /systemusers/login/second-factor takes it. */
  pending_token: Text(),
  expires_at: Timestamp,
  methods: Type.Array(Type.Union([Type.Literal('totp'), Type.Literal('recovery_code'), Type.Literal('passkey')])),
});
export type SecondFactorNeeded = Static<typeof SecondFactorNeeded>;

/** A six-digit code of an authenticator app (spaces allowed, as apps show them in groups). */
export const TotpCode = Text({ minLength: 6, maxLength: 12, pattern: '^[0-9 ]+$' });
/** A recovery code as handed out (xxxxx-xxxxx); case, spaces and dashes are forgiven. */
export const RecoveryCode = Text({ minLength: 10, maxLength: 24, pattern: '^[A-Za-z0-9 -]+$' });

export const SecondFactorBody = Type.Object(
  {
    pending_token: Text({ minLength: 1, maxLength: 128 }),
    code: Type.Optional(TotpCode),
    recovery_code: Type.Optional(RecoveryCode),
  },
  { additionalProperties: false },
);
export type SecondFactorBody = Static<typeof SecondFactorBody>;

/** The signed-in user's factors ("Security" on their account page). */
export const TwoFactorStatus = Type.Object({
  totp: Type.Boolean(),
  recovery_codes_left: Type.Integer({ minimum: 0 }),
});
export type TwoFactorStatus = Static<typeof TwoFactorStatus>;

/** The start of a TOTP enrolment: the secret to type, the URI a QR code carries, and that QR code as SVG. */
export const TotpEnrolment = Type.Object({
  secret: Text(),
  otpauth_uri: Text(),
  qr_svg: Text(),
});
export type TotpEnrolment = Static<typeof TotpEnrolment>;

export const TotpConfirmBody = Type.Object({ code: TotpCode }, { additionalProperties: false });
export type TotpConfirmBody = Static<typeof TotpConfirmBody>;

/** Shown once: only their hashes are kept. */
export const RecoveryCodes = Type.Object({ recovery_codes: Type.Array(Text()) });
export type RecoveryCodes = Static<typeof RecoveryCodes>;

/** Proof of presence for changing factors: a current code of the app, or the password. */
export const FactorProofBody = Type.Object(
  {
    code: Type.Optional(TotpCode),
    password: Type.Optional(Text({ minLength: 1, maxLength: 1024 })),
  },
  { additionalProperties: false },
);
export type FactorProofBody = Static<typeof FactorProofBody>;

export const SECOND_FACTOR_EXPIRED = 'Your sign-in has expired. Please enter your email and password again.';
export const WRONG_CODE = 'That code is not right. Check the code in your authenticator app and try again.';
export const WRONG_RECOVERY_CODE = 'That recovery code is not right, or it has been used already.';
export const CODE_OR_RECOVERY_CODE = 'Enter the code from your authenticator app, or one of your recovery codes.';
export const PROOF_NEEDED = 'Enter a current code from your authenticator app, or your password.';
export const WRONG_PROOF = 'That code or password is not right.';
export const TOTP_ALREADY_ENABLED = 'Two-factor sign-in with an authenticator app is already on.';
export const TOTP_NOT_STARTED = 'Start the set-up of an authenticator app first.';
export const TOTP_NOT_ENABLED = 'Two-factor sign-in with an authenticator app is not on.';
