import { useId } from 'react';
import {
  Button,
  DEFAULT_DISABLE_REASON,
  DISABLE_REASONS,
  Dialog,
  SpinnerIcon,
  type DisableReason,
  type UpdateLicenseBody,
} from 'shared-kit';
import { Form, SelectField, useContractForm, type ContractRules } from 'shared-kit/forms';

export const REASON_REQUIRED = 'Please select a reason for deactivation';

export interface DeactivateDialogProps {
  /** How many licences will be deactivated. */
  count: number;
  onConfirm: (reason: DisableReason) => Promise<void>;
  onCancel: () => void;
}

interface ReasonValues {
  reason: DisableReason | '';
}

/** The reason checked as the server checks a deactivation (PATCH /licenses/{id}). */
const reasonContract: ContractRules<ReasonValues, UpdateLicenseBody> = {
  // Loaded with the first check: the schema library stays out of the remote's first load.
  schema: () => import('shared-kit/contract').then((contract) => contract.UpdateLicenseBody),
  toBody: ({ reason }) => ({ disabled: true, disabled_reason: reason as DisableReason }),
  fieldOf: { disabled_reason: 'reason' },
  messages: { reason: REASON_REQUIRED },
};

/** Asks why licences are deactivated (docs/console.md, Licence states): a reason is required, DuplicateOrder by default. */
export function DeactivateDialog({ count, onConfirm, onCancel }: DeactivateDialogProps) {
  const formId = useId();
  const form = useContractForm({
    ...reasonContract,
    defaultValues: { reason: DEFAULT_DISABLE_REASON },
    onSubmit: (body) => onConfirm(body.disabled_reason as DisableReason),
  });
  const busy = form.pending;

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
          <Button type="submit" form={formId} variant="danger" disabled={busy} aria-busy={busy || undefined}>
            {busy && <SpinnerIcon />}
            Deactivate
          </Button>
        </>
      }
    >
      <Form form={form} id={formId}>
        <SelectField name="reason" label="Reason for deactivation" required>
          <option value="">Select a reason</option>
          {DISABLE_REASONS.map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </SelectField>
      </Form>
    </Dialog>
  );
}
