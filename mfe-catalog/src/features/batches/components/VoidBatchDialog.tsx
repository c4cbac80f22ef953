import { ConfirmDialog, errorMessage, useErrorModal, type Batch } from 'shared-kit';
import { useVoidBatch } from '../api/batches';
import { formatCount, unsoldOf } from './batch-form';

export const VOID_FAILED = 'The serials could not be voided.';

/** Confirms voiding a batch's unsold serials, saying how many; redeemed serials stay licences. */
export function VoidBatchDialog({
  productId,
  batch,
  onClose,
}: {
  productId: number;
  batch: Batch;
  onClose: () => void;
}) {
  const voidBatch = useVoidBatch();
  const showError = useErrorModal();
  const unsold = unsoldOf(batch);
  return (
    <ConfirmDialog
      open
      title="Void Unsold Serials"
      message={`${formatCount(unsold)} unsold ${unsold === 1 ? 'serial' : 'serials'} of the batch for ${batch.reseller} will be voided: they can no longer be redeemed. Redeemed serials stay licenses.`}
      confirmLabel={`Void ${formatCount(unsold)}`}
      confirmVariant="danger"
      busy={voidBatch.isMutating}
      onCancel={onClose}
      onConfirm={() => {
        voidBatch
          .trigger({ productId, batchId: batch.id })
          .then(onClose)
          .catch((error: unknown) => {
            onClose();
            showError(errorMessage(error, VOID_FAILED));
          });
      }}
    />
  );
}
