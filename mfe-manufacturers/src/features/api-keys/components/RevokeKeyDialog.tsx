import { ConfirmDialog, type ApiKey } from 'shared-kit';
import { useRevokeApiKey } from '../api/revoke-api-key';

export const REVOKE_FAILED = 'The key could not be revoked. Please try again.';

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
  const { trigger } = useRevokeApiKey();
  return (
    <ConfirmDialog
      open
      title="Revoke API Key"
      message={
        <>
          Revoke the key {apiKey.name} ({apiKey.prefix}…)? Every program using it is refused from now on. This cannot be
          undone.
        </>
      }
      confirmLabel="Revoke"
      confirmVariant="danger"
      failedText={REVOKE_FAILED}
      onConfirm={async () => {
        await trigger({ manufacturerId, keyId: apiKey.id });
        onClose();
      }}
      onCancel={onClose}
    />
  );
}
