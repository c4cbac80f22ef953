// Owned by the client API: what a plugin or installer sends to /api/v1/clients/app/... and what it
// gets back. The signed documents are specified byte for byte in docs/client-api.md.
import { Type, type Static } from '@sinclair/typebox';
import { HARDWARE_FINGERPRINT_VERSION } from '../constants';
import { Id, Text, Timestamp } from './common';
import {
  DisableReasonSchema,
  HARDWARE_FINGERPRINT_MAX_LENGTH,
  LICENSE_FILE_V2_VERSION,
  SignatureSeedVersionSchema,
} from './licenses';
import { APP_VERSION_PATTERN } from './release-rules';

export const CLIENT_NONCE_PATTERN = '^[A-Za-z0-9_-]{16,64}$';
/** Room for white space around a serial as pasted; the server trims it. */
const Serial = Text({ minLength: 1, maxLength: 64 });
const Fingerprint = Text({ maxLength: HARDWARE_FINGERPRINT_MAX_LENGTH });
const ClientOs = Type.Union([Type.Literal('macOS'), Type.Literal('Windows')]);
/** The longest machine name a plugin may report, in characters after trimming (docs/client-integration.md). */
export const MACHINE_NAME_MAX_LENGTH = 64;
/**
 * A machine's name as the plugin reports it ("Studio Mac"): never signed. Room for white space around it; the
 * server trims it, then holds it to 1–MACHINE_NAME_MAX_LENGTH characters without control characters (empty: no name).
 */
const MachineName = Text({ maxLength: 4 * MACHINE_NAME_MAX_LENGTH });

export const StartTrialBody = Type.Object(
  { product_id: Id, hardware_fingerprint: Fingerprint },
  { additionalProperties: false },
);
export type StartTrialBody = Static<typeof StartTrialBody>;

export const ClientActivateBody = Type.Object(
  {
    product_id: Id,
    serial: Serial,
    hardware_fingerprint: Fingerprint,
    hardware_fingerprint_version: Type.Literal(HARDWARE_FINGERPRINT_VERSION),
    signature_seed_version: SignatureSeedVersionSchema,
    machine_name: Type.Optional(MachineName),
    /** The licence file version the plugin reads (docs/licence-file.md); without it, version 1. */
    license_file_version: Type.Optional(Type.Union([Type.Literal(1), Type.Literal(LICENSE_FILE_V2_VERSION)])),
  },
  { additionalProperties: false },
);
export type ClientActivateBody = Static<typeof ClientActivateBody>;

export const ClientMachineBody = Type.Object(
  { product_id: Id, serial: Serial, hardware_fingerprint: Fingerprint },
  { additionalProperties: false },
);
export type ClientMachineBody = Static<typeof ClientMachineBody>;

/** The version of a signed answer a plugin reads (docs/client-api.md "Version 2 answers"); without it, version 1. */
export const CLIENT_ANSWER_V2_VERSION = 2;
const AnswerVersion = Type.Union([Type.Literal(1), Type.Literal(CLIENT_ANSWER_V2_VERSION)]);

export const ValidateBody = Type.Object(
  {
    product_id: Id,
    serial: Serial,
    hardware_fingerprint: Fingerprint,
    nonce: Text({ pattern: CLIENT_NONCE_PATTERN }),
    answer_version: Type.Optional(AnswerVersion),
  },
  { additionalProperties: false },
);
export type ValidateBody = Static<typeof ValidateBody>;

export const RevocationsQuery = Type.Object({
  hardware_fingerprint: Fingerprint,
  since: Type.Optional(Text({ pattern: '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}Z$' })),
});
export type RevocationsQuery = Static<typeof RevocationsQuery>;

export const UpdateCheckBody = Type.Object(
  {
    product_id: Id,
    hardware_fingerprint: Fingerprint,
    serial: Type.Optional(Serial),
    current_version: Text({ pattern: APP_VERSION_PATTERN }),
    os: ClientOs,
    answer_version: Type.Optional(AnswerVersion),
  },
  { additionalProperties: false },
);
export type UpdateCheckBody = Static<typeof UpdateCheckBody>;

export const DownloadParams = Type.Object({ fileId: Id });
export const DownloadQuery = Type.Object({
  expires: Type.Integer({ minimum: 0, maximum: 99_999_999_999 }),
  /** The licence the link was issued for (an update check with a serial): checked again at download time. */
  license: Type.Optional(Id),
  signature: Text({ minLength: 1, maxLength: 100 }),
});
export type DownloadQuery = Static<typeof DownloadQuery>;

const Signed = { format: Text(), format_version: Type.Integer(), signature: Text() };

export const TrialFile = Type.Object({
  ...Signed,
  product_id: Id,
  hardware_fingerprint: Text(),
  started_at: Text(),
  expires_at: Text(),
  issued_at: Text(),
});
export type TrialFile = Static<typeof TrialFile>;

export const StateDocument = Type.Object({
  ...Signed,
  product_id: Id,
  serial: Text(),
  hardware_fingerprint: Text(),
  nonce: Text(),
  license_enabled: Type.Boolean(),
  disabled_reason: Type.Union([DisableReasonSchema, Type.Literal('')]),
  machine_activated: Type.Boolean(),
  issued_at: Text(),
});
export type StateDocument = Static<typeof StateDocument>;

const SignedTimeOrNull = Type.Union([Text(), Type.Null()]);

/** Version 2: version 1's members, then the licence's terms when the server answered, all signed. */
export const StateDocumentV2 = Type.Object({
  ...StateDocument.properties,
  expires_at: SignedTimeOrNull,
  grace_days: Type.Integer({ minimum: 0 }),
  maintenance_ends_at: SignedTimeOrNull,
  edition: Type.Union([Text(), Type.Null()]),
  features: Type.Array(Type.Object({ key: Text() })),
});
export type StateDocumentV2 = Static<typeof StateDocumentV2>;
export const AnyStateDocument = Type.Union([StateDocumentV2, StateDocument]);
export type AnyStateDocument = Static<typeof AnyStateDocument>;

export const RevocationsDocument = Type.Object({
  ...Signed,
  product_id: Id,
  hardware_fingerprint: Text(),
  since: Text(),
  issued_at: Text(),
  complete: Type.Boolean(),
  licenses: Type.Array(
    Type.Object({ serial_sha256: Text(), disabled_reason: DisableReasonSchema, changed_at: Text() }),
  ),
  machines: Type.Array(Type.Object({ machine_sha256: Text(), deactivated_at: Text() })),
});
export type RevocationsDocument = Static<typeof RevocationsDocument>;

export const UpdateFile = Type.Object({
  name: Text(),
  size: Type.Integer(),
  sha256: Text(),
  url: Text(),
  url_expires_at: Text(),
});
export type UpdateFile = Static<typeof UpdateFile>;

export const UpdateDocument = Type.Object({
  ...Signed,
  product_id: Id,
  hardware_fingerprint: Text(),
  current_version: Text(),
  os: ClientOs,
  issued_at: Text(),
  update_available: Type.Boolean(),
  release_id: Type.Integer(),
  version: Text(),
  unlocks_without_license: Type.Boolean(),
  files: Type.Array(UpdateFile),
});
export type UpdateDocument = Static<typeof UpdateDocument>;

/** Version 2: version 1's members, then the maintenance end and the newest release beyond it (null: none). */
export const UpdateDocumentV2 = Type.Object({
  ...UpdateDocument.properties,
  maintenance_ends_at: SignedTimeOrNull,
  newer_beyond_maintenance_version: Type.Union([Text(), Type.Null()]),
  newer_beyond_maintenance_published_at: SignedTimeOrNull,
});
export type UpdateDocumentV2 = Static<typeof UpdateDocumentV2>;
export const AnyUpdateDocument = Type.Union([UpdateDocumentV2, UpdateDocument]);
export type AnyUpdateDocument = Static<typeof AnyUpdateDocument>;

export const DeactivationResult = Type.Object({
  serial: Text(),
  hardware_fingerprint: Text(),
  deactivated_at: Text(),
  deactivations_left: Type.Integer(),
});
export type DeactivationResult = Static<typeof DeactivationResult>;

/** 409 at the deactivation cap: the message says when the next deactivation is possible, and so does `next_possible_at`. */
export const DeactivationCapReachedAnswer = Type.Object({ message: Type.Array(Text()), next_possible_at: Text() });
export type DeactivationCapReachedAnswer = Static<typeof DeactivationCapReachedAnswer>;

/** What names a machine wherever one is shown: its name when the plugin reported one, else (null) its fingerprint. */
export const MachineNaming = {
  name: Type.Union([Text(), Type.Null()]),
  hardware_fingerprint: Text(),
};

/** A machine a licence was activated on, as staff see it. */
export const LicenseMachine = Type.Object({
  id: Id,
  ...MachineNaming,
  first_activated_at: Timestamp,
  last_activated_at: Timestamp,
  deactivated_at: Type.Union([Timestamp, Type.Null()]),
  deactivated_by: Type.Union([Type.Literal('client'), Type.Literal('staff'), Type.Null()]),
});
export type LicenseMachine = Static<typeof LicenseMachine>;
export const LicenseMachineList = Type.Array(LicenseMachine);
export const LicenseMachineParams = Type.Object({ id: Id, machineId: Id });

/** The client bodies' members, for the other client calls' bodies (floating seats). */
export { Serial as ClientSerial, Fingerprint as ClientFingerprint, MachineName as ClientMachineName };
