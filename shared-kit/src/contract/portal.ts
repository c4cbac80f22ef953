// Owned by the portal area: the customer portal's API (customer sign-in by emailed code or link, the signed-in
// customer's licences and trials) and the staff side of it (portal settings, sending a sign-in link).
// Customer routes live under /api/v1/portal and take only `Authorization: PortalSession <token>`.
import { Type, type Static } from '@sinclair/typebox';
import { Id, PageQuery, Paged, Text, Timestamp } from './common';
import { LicenseTypeSchema, DisableReasonSchema } from './licenses';
import { MachineNaming } from './clients';

// The plain values (scheme, paths, the code's rules) live in portal-constants.ts, which the portal's UI loads without TypeBox.
export * from './portal-constants';

/** A manufacturer's portal slug: lower-case letters, digits and inner hyphens, e.g. `aurora-audio`. */
export const PORTAL_SLUG_MAX_LENGTH = 63;
export const PORTAL_SLUG_PATTERN = '^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$';
/** Slugs that are segments of the customer routes (`/api/v1/portal/me` …): no manufacturer may have them. */
export const PORTAL_RESERVED_SLUGS = [
  'me',
  'licenses',
  'trials',
  'sign-in',
  'sign-out',
  'downloads',
  'email-change',
  'browser-activations',
  'redeem',
] as const;
export const PortalSlug = Text({ minLength: 1, maxLength: PORTAL_SLUG_MAX_LENGTH, pattern: PORTAL_SLUG_PATTERN });

export const PortalSlugParams = Type.Object({ slug: PortalSlug });
export type PortalSlugParams = Static<typeof PortalSlugParams>;

/** GET /portal/{slug} (public): what the portal page needs before anyone signs in. */
export const PortalDescriptor = Type.Object({
  slug: Text(),
  manufacturer_name: Text(),
  logo_url: Type.Union([Text(), Type.Null()]),
  /** A CSS hex colour such as `#3355ff`, or null for the portal's default. */
  brand_color: Type.Union([Text(), Type.Null()]),
  /** False when the manufacturer switched the portal off: sign-in is then refused. */
  enabled: Type.Boolean(),
});
export type PortalDescriptor = Static<typeof PortalDescriptor>;

const Email = Text({ minLength: 1, maxLength: 320 });

/** POST /portal/{slug}/sign-in/code: mail a code and a magic link to this address. */
export const PortalCodeRequestBody = Type.Object({ email: Email }, { additionalProperties: false });
export type PortalCodeRequestBody = Static<typeof PortalCodeRequestBody>;

/**
 * The answer to a code request (202), the same whether or not the address belongs to a customer: `notice` is
 * the sentence to show, `expires_in_seconds` how long a code that was sent stays valid.
 */
export const PortalCodeRequestResult = Type.Object({ notice: Text(), expires_in_seconds: Type.Integer() });
export type PortalCodeRequestResult = Static<typeof PortalCodeRequestResult>;

/**
 * POST /portal/{slug}/sign-in: either `{ email, code }` (the 6 digits of the mail) or `{ token }` (the magic
 * link's token). One flat object rather than a union: the server says in plain words which part is missing (400).
 * A wrong, expired, used or replaced code or link answers 401 with the reason in plain words ("That code is not
 * right. 3 tries left."); a switched-off portal 403; too many tries 429 with Retry-After.
 */
export const PortalSignInBody = Type.Object(
  {
    email: Type.Optional(Email),
    code: Type.Optional(Text({ minLength: 1, maxLength: 32 })),
    token: Type.Optional(Text({ minLength: 1, maxLength: 200 })),
  },
  { additionalProperties: false },
);
export type PortalSignInBody = Static<typeof PortalSignInBody>;

export const PortalManufacturerRef = Type.Object({ id: Id, name: Text(), slug: Text() });
export type PortalManufacturerRef = Static<typeof PortalManufacturerRef>;

/** GET /portal/me: the signed-in customer (an end user of one manufacturer). */
export const PortalMe = Type.Object({ id: Id, email: Text(), manufacturer: PortalManufacturerRef });
export type PortalMe = Static<typeof PortalMe>;

/** The answer to a successful sign-in: the token for `Authorization: PortalSession <token>`. */
export const PortalSession = Type.Object({
  token: Text(),
  /** The latest the session can last; it also ends after a spell of not being used (idle). */
  expires_at: Timestamp,
  idle_timeout_minutes: Type.Integer(),
  user: PortalMe,
});
export type PortalSession = Static<typeof PortalSession>;

/** A machine a customer's licence is activated on (and not freed). */
export const PortalMachine = Type.Object({
  id: Id,
  ...MachineNaming,
  activated_at: Timestamp,
  last_seen_at: Timestamp,
});
export type PortalMachine = Static<typeof PortalMachine>;

export const PortalLicenseState = Type.Union([Type.Literal('active'), Type.Literal('disabled')]);
export type PortalLicenseState = Static<typeof PortalLicenseState>;

/** One of the signed-in customer's licences, with its machines. */
export const PortalLicense = Type.Object({
  id: Id,
  serial: Text(),
  license_type: LicenseTypeSchema,
  state: PortalLicenseState,
  disabled_reason: Type.Union([DisableReasonSchema, Type.Null()]),
  product: Type.Object({ id: Id, name: Text(), identifier: Type.Union([Text(), Type.Null()]) }),
  machines_in_use: Type.Integer(),
  machine_limit: Type.Integer(),
  machines: Type.Array(PortalMachine),
  created_at: Timestamp,
});
export type PortalLicense = Static<typeof PortalLicense>;

/** GET /portal/licenses: newest first. */
export const PortalLicenseListQuery = PageQuery;
export type PortalLicenseListQuery = Static<typeof PortalLicenseListQuery>;
export const PortalLicenseList = Paged(PortalLicense);
export type PortalLicenseList = Static<typeof PortalLicenseList>;

/** A trial that runs (or ran) on one of the signed-in customer's machines. */
export const PortalTrial = Type.Object({
  id: Id,
  product: Type.Object({ id: Id, name: Text() }),
  machine: Type.Object(MachineNaming),
  started_at: Timestamp,
  /** Null when the product's trial has no fixed end. */
  ends_at: Type.Union([Timestamp, Type.Null()]),
  running: Type.Boolean(),
});
export type PortalTrial = Static<typeof PortalTrial>;

/** GET /portal/trials: newest first. */
export const PortalTrialListQuery = PageQuery;
export type PortalTrialListQuery = Static<typeof PortalTrialListQuery>;
export const PortalTrialList = Paged(PortalTrial);
export type PortalTrialList = Static<typeof PortalTrialList>;

// What a customer does: free a machine, downloads, change their email.

/** POST /portal/licenses/{licenseId}/machines/{machineId}/deactivate: another customer's licence or machine is a 404. */
export const PortalMachineParams = Type.Object({ licenseId: Id, machineId: Id });
export type PortalMachineParams = Static<typeof PortalMachineParams>;

/** The machine is freed: its slot is open again. The cap is the client API's (a few frees per licence in a window). */
export const PortalMachineFreed = Type.Object({
  license_id: Id,
  machine_id: Id,
  ...MachineNaming,
  deactivated_at: Timestamp,
  /** How many more machines this licence may free in the window. */
  deactivations_left: Type.Integer(),
});
export type PortalMachineFreed = Static<typeof PortalMachineFreed>;

/** 409 when the licence already freed as many machines as allowed: the message says when, and so does `next_possible_at`. */
export const PortalDeactivationCapReached = Type.Object({ message: Type.Array(Text()), next_possible_at: Timestamp });
export type PortalDeactivationCapReached = Static<typeof PortalDeactivationCapReached>;

/** One installer the customer may download: a file of a release their licences (and channel memberships) entitle them to. */
export const PortalDownload = Type.Object({
  product: Type.Object({ id: Id, name: Text() }),
  release_id: Id,
  version: Text(),
  channel: Text(),
  released_at: Timestamp,
  os: Text(),
  name: Text(),
  size: Type.Integer(),
  sha256: Text(),
  /** A signed link that expires (`url_expires_at`), made as the client API makes them. */
  url: Text(),
  url_expires_at: Timestamp,
});
export type PortalDownload = Static<typeof PortalDownload>;

/** GET /portal/downloads: grouped by OS (in the order of `os`), newest release first within each. */
export const PortalDownloadList = Type.Object({ data: Type.Array(PortalDownload) });
export type PortalDownloadList = Static<typeof PortalDownloadList>;

/** POST /portal/email-change: mails a confirmation code to the new address (202). */
export const PortalEmailChangeBody = Type.Object({ new_email: Email }, { additionalProperties: false });
export type PortalEmailChangeBody = Static<typeof PortalEmailChangeBody>;
export const PortalEmailChangeRequested = Type.Object({
  notice: Text(),
  sent_to: Text(),
  expires_in_seconds: Type.Integer(),
});
export type PortalEmailChangeRequested = Static<typeof PortalEmailChangeRequested>;

/** POST /portal/email-change/confirm: the code from the mail to the new address; answers the customer with the new email. */
export const PortalEmailChangeConfirmBody = Type.Object(
  { code: Text({ minLength: 1, maxLength: 32 }) },
  { additionalProperties: false },
);
export type PortalEmailChangeConfirmBody = Static<typeof PortalEmailChangeConfirmBody>;

// The staff side.

/** GET /manufacturers/{id}/portal-settings */
export const PortalSettings = Type.Object({
  slug: Text(),
  enabled: Type.Boolean(),
  /** Where the standalone portal is served: `<public URL>/portal/<slug>/`. */
  portal_url: Text(),
});
export type PortalSettings = Static<typeof PortalSettings>;

/** PATCH /manufacturers/{id}/portal-settings: a slug taken by another manufacturer is a 409. */
export const UpdatePortalSettingsBody = Type.Object(
  { slug: Type.Optional(PortalSlug), enabled: Type.Optional(Type.Boolean()) },
  { additionalProperties: false },
);
export type UpdatePortalSettingsBody = Static<typeof UpdatePortalSettingsBody>;

/** POST /users/{id}/portal-sign-in-link (no body; 202): mails the end user a code and a magic link. 409 while the portal is off. */
export const SendPortalSignInLinkResult = Type.Object({ sent_to: Text(), expires_at: Timestamp });
export type SendPortalSignInLinkResult = Static<typeof SendPortalSignInLinkResult>;
