import type { AnyLicenseFileClaims, LicenseFileV2Claims } from './license-file';
import type { AnyStateDocument, StateDocumentV2 } from './state-document';
import { signedTimeMs } from './signed-time';
import type { LicenseTermsFacts } from './versioned-answer';

// What a plugin acts on once a licence file or a state answer verified: the licence's terms (expiry and grace,
// maintenance end, edition, features). Version 2 of either carries them; version 1 carries none. The same rules and
// names as client-cpp's license-terms.hpp (licenseTermsOf, hasFeature, isExpired, isInGrace, graceEndsAt, coversRelease).

/** A verified licence file or state answer, of either version. */
export type LicensedDocument = AnyLicenseFileClaims | AnyStateDocument;

const DAY_MS = 86_400_000;

// Both version 2 documents sign `grace_days`; neither version 1 document has it.
const carriesTerms = (document: LicensedDocument): document is LicenseFileV2Claims | StateDocumentV2 =>
  'grace_days' in document;

const dateOf = (time: string | null) => (time === null ? null : new Date(signedTimeMs(time)));

/**
 * The terms a verified version 2 licence file or version 2 state answer carries; a version 1 one carries none: no
 * expiry, no grace, no maintenance window, no edition, no features.
 */
export function licenseTermsOf(document: LicensedDocument): LicenseTermsFacts {
  if (!carriesTerms(document))
    return { expires_at: null, grace_days: 0, maintenance_ends_at: null, edition: null, features: [] };
  const { expires_at, grace_days, maintenance_ends_at, edition, features } = document;
  return { expires_at, grace_days, maintenance_ends_at, edition, features };
}

/** The licence's edition unlocks the feature (a version 1 document carries no features: false). */
export const licenseHasFeature = (document: LicensedDocument, key: string) =>
  licenseTermsOf(document).features.some((feature) => feature.key === key);

/** When the licence ends, or null: it never does (or the document, version 1, does not say). */
export const licenseExpiresAt = (document: LicensedDocument): Date | null =>
  dateOf(licenseTermsOf(document).expires_at);

/** The end of its grace (expiry plus grace days), or null: it never expires (or the document does not say). */
export function licenseGraceEndsAt(document: LicensedDocument): Date | null {
  const terms = licenseTermsOf(document);
  const expiresAt = dateOf(terms.expires_at);
  return expiresAt && new Date(expiresAt.getTime() + terms.grace_days * DAY_MS);
}

/** Past its expiry and its grace days at `now`: the server refuses it too. */
export function licenseIsExpired(document: LicensedDocument, now: Date = new Date()): boolean {
  const graceEndsAt = licenseGraceEndsAt(document);
  return graceEndsAt !== null && now.getTime() > graceEndsAt.getTime();
}

/** Past its expiry but within its grace days at `now`: it still works; remind the user to renew. */
export function licenseIsInGrace(document: LicensedDocument, now: Date = new Date()): boolean {
  const expiresAt = licenseExpiresAt(document);
  return expiresAt !== null && now.getTime() > expiresAt.getTime() && !licenseIsExpired(document, now);
}

/** The end of its updates, or null: no window (or the document, version 1, does not say). */
export const licenseMaintenanceEndsAt = (document: LicensedDocument): Date | null =>
  dateOf(licenseTermsOf(document).maintenance_ends_at);

/** A release published at `releasedAt` may be installed under the licence: no window, or published before its end. */
export function licenseCoversRelease(document: LicensedDocument, releasedAt: Date): boolean {
  const end = licenseMaintenanceEndsAt(document);
  return end === null || releasedAt.getTime() < end.getTime();
}
