import { ConfirmDialog, type WebhookEndpoint } from 'shared-kit';
import { useDeleteWebhookEndpoint } from '../api/delete-webhook-endpoint';

export const DELETE_FAILED = 'The endpoint could not be deleted. Please try again.';

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
  const { trigger } = useDeleteWebhookEndpoint();
  return (
    <ConfirmDialog
      open
      title="Delete Endpoint"
      message={`Delete the endpoint ${endpoint.url}? It receives no more events and its delivery log is deleted too.`}
      confirmLabel="Delete"
      confirmVariant="danger"
      failedText={DELETE_FAILED}
      onConfirm={async () => {
        await trigger({ manufacturerId, endpointId: endpoint.id });
        onClose();
      }}
      onCancel={onClose}
    />
  );
}
