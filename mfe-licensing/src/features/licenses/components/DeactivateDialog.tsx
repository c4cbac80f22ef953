import { DEFAULT_DISABLE_REASON, type DisableReason, type UpdateLicenseBody } from 'shared-kit';
import { useContractForm, type ContractRules } from 'shared-kit/forms';
import { ReasonDialog, type ReasonValues } from '../../../shared/components/ReasonDialog';

export const REASON_REQUIRED = 'Please select a reason for deactivation';

export interface DeactivateDialogProps {
  /** How many licences will be deactivated. */
  count: number;
  onConfirm: (reason: DisableReason) => Promise<void>;
  onCancel: () => void;
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
  const form = useContractForm<ReasonValues, UpdateLicenseBody>({
    ...reasonContract,
    defaultValues: { reason: DEFAULT_DISABLE_REASON },
    onSubmit: (body) => onConfirm(body.disabled_reason as DisableReason),
  });
  return (
    <ReasonDialog
      form={form}
      title={count === 1 ? 'Deactivate License' : `Deactivate ${count} Licenses`}
      description="The license stops working for its user until it is activated again."
      reasonLabel="Reason for deactivation"
      confirmLabel="Deactivate"
      onCancel={onCancel}
    />
  );
}
