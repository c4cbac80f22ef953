import { useState } from 'react';
import styled from 'styled-components';
import { ConfirmDialog, errorMessage, type WebhookEndpoint } from 'shared-kit';
import { useDeleteWebhookEndpoint } from '../api/delete-webhook-endpoint';

export const DELETE_FAILED = 'The endpoint could not be deleted. Please try again.';

// Inside the dialog's description (a paragraph): a block of text, not a paragraph of its own.
const Problem = styled.strong`
  display: block;
  margin-top: ${({ theme }) => theme.spacing.sm};
  color: ${({ theme }) => theme.colors.danger};
`;

/** Confirms, then deletes the endpoint and its delivery log; a failure keeps the dialog open with the reason. */
export function DeleteEndpointDialog({
  manufacturerId,
  endpoint,
  onClose,
}: {
  manufacturerId: number;
  endpoint: WebhookEndpoint;
  onClose: () => void;
}) {
  const { trigger, isMutating } = useDeleteWebhookEndpoint();
  const [error, setError] = useState<string | null>(null);
  const confirm = async () => {
    setError(null);
    try {
      await trigger({ manufacturerId, endpointId: endpoint.id });
      onClose();
    } catch (failure) {
      setError(errorMessage(failure, DELETE_FAILED));
    }
  };
  return (
    <ConfirmDialog
      open
      title="Delete Endpoint"
      message={
        <>
          Delete the endpoint {endpoint.url}? It receives no more events and its delivery log is deleted too.
          {error && <Problem role="alert">{error}</Problem>}
        </>
      }
      confirmLabel="Delete"
      confirmVariant="danger"
      busy={isMutating}
      onConfirm={() => void confirm()}
      onCancel={() => !isMutating && onClose()}
    />
  );
}
