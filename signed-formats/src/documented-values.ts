// The values docs/licence-file.md and docs/client-api.md list for some signed members. A verifier checks only
// each member's kind (text, integer …); these give the verified documents their exact types. The server's
// constants (shared-kit) must list the same values: api-server's signed-formats test compares them.
export const DOCUMENTED_LICENSE_TYPES = ['NFR', 'Standard', 'Free'] as const;
export type LicenseType = (typeof DOCUMENTED_LICENSE_TYPES)[number];

export const DOCUMENTED_SIGNATURE_SEED_VERSIONS = [4, 5] as const;
export type SignatureSeedVersion = (typeof DOCUMENTED_SIGNATURE_SEED_VERSIONS)[number];

export const DOCUMENTED_DISABLE_REASONS = ['DuplicateOrder', 'CancelledOrder', 'FraudulentUse'] as const;
export type DisableReason = (typeof DOCUMENTED_DISABLE_REASONS)[number];

/** The operating systems a plugin runs on (a build for `any` serves both). */
export const DOCUMENTED_CLIENT_OSES = ['macOS', 'Windows'] as const;
export type ClientOs = (typeof DOCUMENTED_CLIENT_OSES)[number];
