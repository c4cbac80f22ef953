import { useId, useState, type FormEvent } from 'react';
import {
  DEFAULT_SIGNATURE_SEED_VERSION,
  Dialog,
  DialogFormFooter,
  ErrorText,
  Field,
  SIGNATURE_SEED_VERSIONS,
  Select,
  TextInput,
  errorMessage,
  type License,
  type SignatureSeedVersion,
} from 'shared-kit';
import { saveLicenseFile, useActivateLicense } from '../api/activate-license';

export const DOWNLOAD_FAILED = 'The license file could not be created.';

export interface DownloadDialogProps {
  license: License;
  onClose: () => void;
}

/** Activates a licence for one machine and saves the signed answer as `{product identifier}.ops`. */
export function DownloadDialog({ license, onClose }: DownloadDialogProps) {
  const formId = useId();
  const fingerprintId = useId();
  const seedId = useId();
  const [fingerprint, setFingerprint] = useState('');
  const [seedVersion, setSeedVersion] = useState<SignatureSeedVersion>(DEFAULT_SIGNATURE_SEED_VERSION);
  const [error, setError] = useState<string | null>(null);
  const activate = useActivateLicense();
  const busy = activate.isMutating;

  // docs/console.md, Download: the fingerprint is requested, not checked here; the server says what is wrong with it.
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    try {
      saveLicenseFile(
        await activate.trigger({
          licenseId: license.id,
          hardwareFingerprint: fingerprint,
          signatureSeedVersion: seedVersion,
        }),
      );
      onClose();
    } catch (failure) {
      setError(errorMessage(failure, DOWNLOAD_FAILED));
    }
  };

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && !busy && onClose()}
      title="Download License File"
      description={`License ${license.serial} of ${license.product.name} for ${license.user.email}: the file works only on the machine with this hardware fingerprint.`}
      footer={
        <DialogFormFooter
          formId={formId}
          submitLabel={busy ? 'Downloading...' : 'Download'}
          pending={busy}
          onCancel={onClose}
        />
      }
    >
      <form id={formId} onSubmit={submit} style={{ display: 'contents' }}>
        <Field label="Hardware Fingerprint" htmlFor={fingerprintId}>
          <TextInput
            id={fingerprintId}
            value={fingerprint}
            autoComplete="off"
            spellCheck={false}
            onChange={(event) => setFingerprint(event.target.value)}
          />
        </Field>
        <Field label="Signature Seed Version" htmlFor={seedId}>
          <Select
            id={seedId}
            value={seedVersion}
            onChange={(event) => setSeedVersion(Number(event.target.value) as SignatureSeedVersion)}
          >
            {SIGNATURE_SEED_VERSIONS.map((version) => (
              <option key={version} value={version}>
                {version}
              </option>
            ))}
          </Select>
        </Field>
      </form>
      {error && <ErrorText>{error}</ErrorText>}
    </Dialog>
  );
}
