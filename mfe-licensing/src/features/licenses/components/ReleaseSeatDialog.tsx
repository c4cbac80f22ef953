import { ConfirmDialog, errorMessage, useErrorModal, type LicenseLease } from 'shared-kit';
import { useReleaseLease } from '../api/release-lease';
import { leaseLabel } from './LicenseSeats';

const RELEASE_FAILED = 'The seat could not be released.';

export interface ReleaseSeatDialogProps {
  licenseId: number;
  /** The lease to release; null: the dialog is closed. */
  lease: LicenseLease | null;
  onDone: () => void;
}

/** Staff free a floating licence's seat held by a machine (one that crashed holding it), after confirming. */
export function ReleaseSeatDialog({ licenseId, lease, onDone }: ReleaseSeatDialogProps) {
  const release = useReleaseLease();
  const showError = useErrorModal();

  const confirm = async () => {
    if (!lease) return;
    try {
      await release.trigger({ licenseId, leaseId: lease.id });
    } catch (error) {
      showError(errorMessage(error, RELEASE_FAILED));
    }
    onDone();
  };

  return (
    <ConfirmDialog
      open={lease !== null}
      title="Release Seat"
      message={`The seat held by ${lease ? leaseLabel(lease) : ''} is freed at once for any machine; that machine's next heart-beat is refused and its plugin must check out a seat again.`}
      confirmLabel="Release seat"
      confirmVariant="danger"
      busy={release.isMutating}
      onConfirm={() => void confirm()}
      onCancel={onDone}
    />
  );
}
