// Owned by the client API (issue 14): what a plugin or installer sends to /api/v1/clients/app/... and what it
// gets back. The signed documents are specified byte for byte in docs/client-api.md.
import { Type, type Static } from '@sinclair/typebox';
import { HARDWARE_FINGERPRINT_VERSION } from '../constants';
import { Id, Timestamp } from './common';
import { DisableReasonSchema, HARDWARE_FINGERPRINT_MAX_LENGTH, SignatureSeedVersionSchema } from './licenses';
import { APP_VERSION_PATTERN } from './release-rules';

export const CLIENT_NONCE_PATTERN = '^[A-Za-z0-9_-]{16,64}$';
/** Room for white space around a serial as pasted; the server trims it. */
const Serial = Type.String({ minLength: 1, maxLength: 64 });
const Fingerprint = Type.String({ maxLength: HARDWARE_FINGERPRINT_MAX_LENGTH });
const ClientOs = Type.Union([Type.Literal('macOS'), Type.Literal('Windows')]);

export const StartTrialBody = Type.Object({ product_id: Id, hardware_fingerprint: Fingerprint }, { additionalProperties: false });
export type StartTrialBody = Static<typeof StartTrialBody>;

export const ClientActivateBody = Type.Object(
  {
    product_id: Id,
    serial: Serial,
    hardware_fingerprint: Fingerprint,
    hardware_fingerprint_version: Type.Literal(HARDWARE_FINGERPRINT_VERSION),
    signature_seed_version: SignatureSeedVersionSchema,
  },
  { additionalProperties: false },
);
export type ClientActivateBody = Static<typeof ClientActivateBody>;

export const ClientMachineBody = Type.Object({ product_id: Id, serial: Serial, hardware_fingerprint: Fingerprint }, { additionalProperties: false });
export type ClientMachineBody = Static<typeof ClientMachineBody>;

export const ValidateBody = Type.Object(
  { product_id: Id, serial: Serial, hardware_fingerprint: Fingerprint, nonce: Type.String({ pattern: CLIENT_NONCE_PATTERN }) },
  { additionalProperties: false },
);
export type ValidateBody = Static<typeof ValidateBody>;

export const RevocationsQuery = Type.Object({
  hardware_fingerprint: Fingerprint,
  since: Type.Optional(Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}Z$' })),
});
export type RevocationsQuery = Static<typeof RevocationsQuery>;

export const UpdateCheckBody = Type.Object(
  {
    product_id: Id,
    hardware_fingerprint: Fingerprint,
    serial: Type.Optional(Serial),
    current_version: Type.String({ pattern: APP_VERSION_PATTERN }),
    os: ClientOs,
  },
  { additionalProperties: false },
);
export type UpdateCheckBody = Static<typeof UpdateCheckBody>;

export const DownloadParams = Type.Object({ fileId: Id });
export const DownloadQuery = Type.Object({ expires: Type.Integer({ minimum: 0, maximum: 99_999_999_999 }), signature: Type.String({ minLength: 1, maxLength: 100 }) });
export type DownloadQuery = Static<typeof DownloadQuery>;

const Signed = { format: Type.String(), format_version: Type.Integer(), signature: Type.String() };

export const TrialFile = Type.Object({
  ...Signed,
  product_id: Id,
  hardware_fingerprint: Type.String(),
  started_at: Type.String(),
  expires_at: Type.String(),
  issued_at: Type.String(),
});
export type TrialFile = Static<typeof TrialFile>;

export const StateDocument = Type.Object({
  ...Signed,
  product_id: Id,
  serial: Type.String(),
  hardware_fingerprint: Type.String(),
  nonce: Type.String(),
  license_enabled: Type.Boolean(),
  disabled_reason: Type.Union([DisableReasonSchema, Type.Literal('')]),
  machine_activated: Type.Boolean(),
  issued_at: Type.String(),
});
export type StateDocument = Static<typeof StateDocument>;

export const RevocationsDocument = Type.Object({
  ...Signed,
  product_id: Id,
  hardware_fingerprint: Type.String(),
  since: Type.String(),
  issued_at: Type.String(),
  complete: Type.Boolean(),
  licenses: Type.Array(Type.Object({ serial_sha256: Type.String(), disabled_reason: DisableReasonSchema, changed_at: Type.String() })),
  machines: Type.Array(Type.Object({ machine_sha256: Type.String(), deactivated_at: Type.String() })),
});
export type RevocationsDocument = Static<typeof RevocationsDocument>;

export const UpdateFile = Type.Object({ name: Type.String(), size: Type.Integer(), sha256: Type.String(), url: Type.String(), url_expires_at: Type.String() });
export type UpdateFile = Static<typeof UpdateFile>;

export const UpdateDocument = Type.Object({
  ...Signed,
  product_id: Id,
  hardware_fingerprint: Type.String(),
  current_version: Type.String(),
  os: ClientOs,
  issued_at: Type.String(),
  update_available: Type.Boolean(),
  release_id: Type.Integer(),
  version: Type.String(),
  unlocks_without_license: Type.Boolean(),
  files: Type.Array(UpdateFile),
});
export type UpdateDocument = Static<typeof UpdateDocument>;

export const DeactivationResult = Type.Object({
  serial: Type.String(),
  hardware_fingerprint: Type.String(),
  deactivated_at: Type.String(),
  deactivations_left: Type.Integer(),
});
export type DeactivationResult = Static<typeof DeactivationResult>;

/** A machine a licence was activated on, as staff see it. */
export const LicenseMachine = Type.Object({
  id: Id,
  hardware_fingerprint: Type.String(),
  first_activated_at: Timestamp,
  last_activated_at: Timestamp,
  deactivated_at: Type.Union([Timestamp, Type.Null()]),
  deactivated_by: Type.Union([Type.Literal('client'), Type.Literal('staff'), Type.Null()]),
});
export type LicenseMachine = Static<typeof LicenseMachine>;
export const LicenseMachineList = Type.Array(LicenseMachine);
export const LicenseMachineParams = Type.Object({ id: Id, machineId: Id });
