import { conflict, notFound } from '../lib/http-error';
import { LICENSE_NOT_FOUND } from '../clients/client-values';
import { licenseExpiredMessage } from '../licenses/activation/activate-machine';
import { NOT_FLOATING, floatingLicenseDisabled } from './lease-rules';
import type { FloatingLicense } from './queries/floating-license';

export type UsableFloatingLicense = FloatingLicense & { seats: number; lease_minutes: number };

/** A licence a seat can be checked out of (or kept): it exists, is floating, is enabled and not expired. */
export function requireFloatingLicense(
  license: FloatingLicense | undefined,
  { inUse }: { inUse: boolean } = { inUse: true },
): UsableFloatingLicense {
  if (!license) throw notFound(LICENSE_NOT_FOUND);
  if (license.model !== 'floating' || license.seats === null || license.lease_minutes === null)
    throw conflict(NOT_FLOATING);
  if (inUse && license.disabled) throw conflict(floatingLicenseDisabled(license.disabled_reason));
  if (inUse && license.expired) throw conflict(licenseExpiredMessage(license.expires_at));
  return license as UsableFloatingLicense;
}
