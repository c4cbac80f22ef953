import { useId, useState } from 'react';
import { Button, DEFAULT_DISABLE_REASON, DISABLE_REASONS, Dialog, Field, Select, SpinnerIcon, fieldErrorId, type DisableReason } from 'shared-kit';

export const REASON_REQUIRED = 'Please select a reason for deactivation';

export interface DeactivateDialogProps {
  /** How many licences will be deactivated. */
  count: number;
  onConfirm: (reason: DisableReason) => Promise<void>;
  onCancel: () => void;
}

/** Asks why licences are deactivated (SPEC §4/§5): a reason is required, DuplicateOrder by default. */
export function DeactivateDialog({ count, onConfirm, onCancel }: DeactivateDialogProps) {
  const selectId = useId();
  const [reason, setReason] = useState<DisableReason | ''>(DEFAULT_DISABLE_REASON);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const confirm = async () => {
    if (!reason) {
      setError(REASON_REQUIRED);
      return;
    }
    setBusy(true);
    try {
      await onConfirm(reason);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && !busy && onCancel()}
      title={count === 1 ? 'Deactivate License' : `Deactivate ${count} Licenses`}
      description="The license stops working for its user until it is activated again."
      footer={
        <>
          <Button onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
          <Button variant="danger" onClick={confirm} disabled={busy} aria-busy={busy || undefined}>
            {busy && <SpinnerIcon />}
            Deactivate
          </Button>
        </>
      }
    >
      <Field label="Reason for deactivation" htmlFor={selectId} error={error ?? undefined} required>
        <Select
          id={selectId}
          value={reason}
          required
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? fieldErrorId(selectId) : undefined}
          onChange={(event) => {
            setReason(event.target.value as DisableReason | '');
            setError(null);
          }}
        >
          <option value="">Select a reason</option>
          {DISABLE_REASONS.map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </Select>
      </Field>
    </Dialog>
  );
}
