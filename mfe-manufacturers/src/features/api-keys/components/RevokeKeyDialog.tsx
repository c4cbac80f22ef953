import { useState } from 'react';
import styled from 'styled-components';
import { ConfirmDialog, errorMessage, type ApiKey } from 'shared-kit';
import { useRevokeApiKey } from '../api/revoke-api-key';

export const REVOKE_FAILED = 'The key could not be revoked. Please try again.';

// Inside the dialog's description (a paragraph): a block of text, not a paragraph of its own.
const Problem = styled.strong`
  display: block;
  margin-top: ${({ theme }) => theme.spacing.sm};
  color: ${({ theme }) => theme.colors.danger};
`;

/** Confirms, then revokes the key; a failure keeps the dialog open with the reason. */
export function RevokeKeyDialog({
  manufacturerId,
  apiKey,
  onClose,
}: {
  manufacturerId: number;
  apiKey: ApiKey;
  onClose: () => void;
}) {
  const { trigger, isMutating } = useRevokeApiKey();
  const [error, setError] = useState<string | null>(null);
  const confirm = async () => {
    setError(null);
    try {
      await trigger({ manufacturerId, keyId: apiKey.id });
      onClose();
    } catch (failure) {
      setError(errorMessage(failure, REVOKE_FAILED));
    }
  };
  return (
    <ConfirmDialog
      open
      title="Revoke API Key"
      message={
        <>
          Revoke the key {apiKey.name} ({apiKey.prefix}…)? Every program using it is refused from now on. This cannot be
          undone.
          {error && <Problem role="alert">{error}</Problem>}
        </>
      }
      confirmLabel="Revoke"
      confirmVariant="danger"
      busy={isMutating}
      onConfirm={() => void confirm()}
      onCancel={() => !isMutating && onClose()}
    />
  );
}
