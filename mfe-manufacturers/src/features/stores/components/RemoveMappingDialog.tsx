import { ConfirmDialog, type StoreMapping, type StoreName } from 'shared-kit';
import { useDeleteStoreMapping } from '../api/delete-store-mapping';
import { STORE_LABELS } from './store-words';

export const REMOVE_FAILED = 'The mapping could not be removed. Please try again.';

/** Confirms, then removes a mapping; a failure keeps the dialog open with the reason. */
export function RemoveMappingDialog({
  manufacturerId,
  store,
  mapping,
  onClose,
}: {
  manufacturerId: number;
  store: StoreName;
  mapping: StoreMapping;
  onClose: () => void;
}) {
  const { trigger } = useDeleteStoreMapping();
  return (
    <ConfirmDialog
      open
      title="Remove Mapping"
      message={
        <>
          Remove the mapping of {STORE_LABELS[store]} price {mapping.store_price_id} ({mapping.product_name},{' '}
          {mapping.license_type})? Later sales of that price are flagged, and make no license.
        </>
      }
      confirmLabel="Remove"
      confirmVariant="danger"
      failedText={REMOVE_FAILED}
      onConfirm={async () => {
        await trigger({ manufacturerId, store, mappingId: mapping.id });
        onClose();
      }}
      onCancel={onClose}
    />
  );
}
