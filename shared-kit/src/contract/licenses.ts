// Owned by the licensing area (issue: mfe-licensing): schemas and types of the licence API. The users area
// creates licences with CreateUserLicenseBody; extend, do not rename.
import { Type, type Static } from '@sinclair/typebox';
import { DISABLE_REASONS, HARDWARE_FINGERPRINT_VERSION, LICENSE_TYPES, SIGNATURE_SEED_VERSIONS } from '../constants';
import { Id, ListQuery, Paged, Text, Timestamps } from './common';

export const LicenseTypeSchema = Type.Union(LICENSE_TYPES.map((type) => Type.Literal(type)));
export const DisableReasonSchema = Type.Union(DISABLE_REASONS.map((reason) => Type.Literal(reason)));
export const SignatureSeedVersionSchema = Type.Union(SIGNATURE_SEED_VERSIONS.map((version) => Type.Literal(version)));

/** A licence (docs/console.md, Records). */
export const License = Type.Object({
  id: Id,
  serial: Text(),
  license_type: LicenseTypeSchema,
  disabled: Type.Boolean(),
  disabled_reason: Type.Union([DisableReasonSchema, Type.Null()]),
  ...Timestamps,
  user_id: Id,
  user: Type.Object({ email: Text() }),
  product_id: Id,
  product: Type.Object({
    id: Id,
    name: Text(),
    identifier: Type.Union([Text(), Type.Null()]),
    series: Type.Union([Text(), Type.Null()]),
  }),
});
export type License = Static<typeof License>;

export const LicenseList = Paged(License);
export type LicenseList = Static<typeof LicenseList>;

export const LicenseListQuery = ListQuery({ email: Type.Optional(Text({ maxLength: 320 })) });
export type LicenseListQuery = Static<typeof LicenseListQuery>;

/** POST /users/{id}/licenses */
export const CreateUserLicenseBody = Type.Object(
  { product_id: Id, license_type: LicenseTypeSchema },
  { additionalProperties: false },
);
export type CreateUserLicenseBody = Static<typeof CreateUserLicenseBody>;

/**
 * PATCH /licenses/{id}: either a state change `{ disabled, disabled_reason }` (a reason is required to disable,
 * enabling clears it) or a transfer `{ user_id }` (the product view also sends the new owner's `email`, which
 * must then be that user's). One flat object rather than a union: the server says which rule a body breaks.
 */
export const UpdateLicenseBody = Type.Object(
  {
    disabled: Type.Optional(Type.Boolean()),
    disabled_reason: Type.Optional(Type.Union([DisableReasonSchema, Type.Null()])),
    user_id: Type.Optional(Id),
    email: Type.Optional(Text({ maxLength: 320 })),
  },
  { additionalProperties: false },
);
export type UpdateLicenseBody = Static<typeof UpdateLicenseBody>;

/** The most licences one bulk update may change (a console selection is at most one page of 250). */
export const BULK_UPDATE_MAX_LICENSES = 1000;

/** PATCH /licenses/bulk-update: all the licences change, or none does. */
export const BulkUpdateLicensesBody = Type.Object(
  {
    license_ids: Type.Array(Id, { minItems: 1, maxItems: BULK_UPDATE_MAX_LICENSES }),
    disabled: Type.Boolean(),
    disabled_reason: Type.Optional(Type.Union([DisableReasonSchema, Type.Null()])),
  },
  { additionalProperties: false },
);
export type BulkUpdateLicensesBody = Static<typeof BulkUpdateLicensesBody>;

export const BulkUpdateLicensesResult = Type.Object({ data: Type.Array(License) });
export type BulkUpdateLicensesResult = Static<typeof BulkUpdateLicensesResult>;

/** The longest hardware fingerprint the server signs into a licence file. */
export const HARDWARE_FINGERPRINT_MAX_LENGTH = 512;

/** POST /licenses/{id}/activations */
export const ActivateLicenseBody = Type.Object(
  {
    hardware_fingerprint: Text({ maxLength: HARDWARE_FINGERPRINT_MAX_LENGTH }),
    hardware_fingerprint_version: Type.Literal(HARDWARE_FINGERPRINT_VERSION),
    signature_seed_version: SignatureSeedVersionSchema,
  },
  { additionalProperties: false },
);
export type ActivateLicenseBody = Static<typeof ActivateLicenseBody>;

/** The version of the licence file format below (docs/licence-file.md). */
export const LICENSE_FILE_FORMAT_VERSION = 1;

/**
 * The signed licence file (`{product identifier}.ops`) that an activation answers: every field but `signature`
 * is signed, in the canonical encoding of docs/licence-file.md, with the product's Ed25519 key.
 */
export const LicenseFile = Type.Object({
  format_version: Type.Literal(LICENSE_FILE_FORMAT_VERSION),
  serial: Text(),
  license_type: LicenseTypeSchema,
  product_identifier: Text(),
  user_id: Id,
  user_email: Text(),
  hardware_fingerprint: Text(),
  hardware_fingerprint_version: Type.Integer(),
  signature_seed_version: SignatureSeedVersionSchema,
  issued_at: Text(),
  signature: Text(),
});
export type LicenseFile = Static<typeof LicenseFile>;
/** The signed part of a licence file. */
export type LicenseFileClaims = Omit<LicenseFile, 'signature'>;

/** The licence file version a plugin asks for with `license_file_version` (docs/licence-file.md "Format version 2"). */
export const LICENSE_FILE_V2_VERSION = 2;
const SignedTimeOrNull = Type.Union([Text(), Type.Null()]);

/** Version 2: version 1's members and the licence's terms when it was signed, all signed. */
export const LicenseFileV2 = Type.Object({
  ...Type.Omit(LicenseFile, ['format_version', 'signature']).properties,
  format_version: Type.Literal(LICENSE_FILE_V2_VERSION),
  expires_at: SignedTimeOrNull,
  grace_days: Type.Integer({ minimum: 0 }),
  maintenance_ends_at: SignedTimeOrNull,
  edition: Type.Union([Text(), Type.Null()]),
  features: Type.Array(Type.Object({ key: Text() })),
  signature: Text(),
});
export type LicenseFileV2 = Static<typeof LicenseFileV2>;
export type LicenseFileV2Claims = Omit<LicenseFileV2, 'signature'>;

/** What a plugin's activation answers: version 2 when it asked for it, else version 1 (version 2 listed first: it is the stricter). */
export const AnyLicenseFile = Type.Union([LicenseFileV2, LicenseFile]);
export type AnyLicenseFile = Static<typeof AnyLicenseFile>;
