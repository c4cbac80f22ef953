import { useState } from 'react';
import styled from 'styled-components';
import { ConfirmDialog, errorMessage, type StoreMapping, type StoreName } from 'shared-kit';
import { useDeleteStoreMapping } from '../api/delete-store-mapping';
import { STORE_LABELS } from './store-words';

export const REMOVE_FAILED = 'The mapping could not be removed. Please try again.';

// Inside the dialog's description (a paragraph): a block of text, not a paragraph of its own.
const Problem = styled.strong`
  display: block;
  margin-top: ${({ theme }) => theme.spacing.sm};
  color: ${({ theme }) => theme.colors.danger};
`;

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
  const { trigger, isMutating } = useDeleteStoreMapping();
  const [error, setError] = useState<string | null>(null);
  const confirm = async () => {
    setError(null);
    try {
      await trigger({ manufacturerId, store, mappingId: mapping.id });
      onClose();
    } catch (failure) {
      setError(errorMessage(failure, REMOVE_FAILED));
    }
  };
  return (
    <ConfirmDialog
      open
      title="Remove Mapping"
      message={
        <>
          Remove the mapping of {STORE_LABELS[store]} price {mapping.store_price_id} ({mapping.product_name},{' '}
          {mapping.license_type})? Later sales of that price are flagged, and make no license.
          {error && <Problem role="alert">{error}</Problem>}
        </>
      }
      confirmLabel="Remove"
      confirmVariant="danger"
      busy={isMutating}
      onConfirm={() => void confirm()}
      onCancel={() => !isMutating && onClose()}
    />
  );
}
