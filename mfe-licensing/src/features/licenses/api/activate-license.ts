import { HARDWARE_FINGERPRINT_VERSION, type LicenseFile, type SignatureSeedVersion } from 'shared-kit';
import {
  licenseKeys,
  saveFile,
  userKeys,
  useApiMutation,
  type ApiMutation,
  type ApiMutationState,
} from 'shared-kit/data';

export interface LicenseActivation {
  licenseId: number;
  hardwareFingerprint: string;
  signatureSeedVersion: SignatureSeedVersion;
}

const activateLicense: ApiMutation<LicenseActivation, LicenseFile> = {
  name: 'activate-license',
  method: 'POST',
  path: ({ licenseId }) => licenseKeys.activations(licenseId),
  body: ({ hardwareFingerprint, signatureSeedVersion }) => ({
    hardware_fingerprint: hardwareFingerprint,
    hardware_fingerprint_version: HARDWARE_FINGERPRINT_VERSION,
    signature_seed_version: signatureSeedVersion,
  }),
  // The owner's fingerprints (user details) may have grown.
  invalidates: () => [userKeys.details()],
};

/** POST /licenses/{id}/activations: the signed licence file for one machine. */
export const useActivateLicense = (): ApiMutationState<LicenseActivation, LicenseFile> =>
  useApiMutation(activateLicense);

/** Saves the answer as `{product identifier}.ops`, as the browser's download. */
export function saveLicenseFile(file: LicenseFile): string {
  const name = `${file.product_identifier}.ops`;
  saveFile(new Blob([`${JSON.stringify(file, null, 2)}\n`], { type: 'application/json' }), name);
  return name;
}
