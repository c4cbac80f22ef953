import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import { HARDWARE_FINGERPRINT_VERSION, useApiClient, type LicenseFile, type SignatureSeedVersion } from 'shared-kit';
import { isEndUserKey } from './license-keys';

/** POST /licenses/{id}/activations: the signed licence file for one machine. */
export function useActivateLicense() {
  const api = useApiClient();
  const { mutate } = useSWRConfig();
  return useCallback(
    async (licenseId: number, hardwareFingerprint: string, signatureSeedVersion: SignatureSeedVersion) => {
      const file = await api.post<LicenseFile>(`/licenses/${licenseId}/activations`, {
        hardware_fingerprint: hardwareFingerprint,
        hardware_fingerprint_version: HARDWARE_FINGERPRINT_VERSION,
        signature_seed_version: signatureSeedVersion,
      });
      // The owner's fingerprints (user details) may have grown.
      await mutate(isEndUserKey);
      return file;
    },
    [api, mutate],
  );
}

/** Saves the answer as `{product identifier}.ops`, as the browser's download. */
export function saveLicenseFile(file: LicenseFile): string {
  const name = `${file.product_identifier}.ops`;
  const url = URL.createObjectURL(new Blob([`${JSON.stringify(file, null, 2)}\n`], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Revoking at once can cancel the download in some browsers.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return name;
}
