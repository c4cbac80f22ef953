import { type DisableReason, type RefundOrderBody } from 'shared-kit';
import { useContractForm, type ContractRules } from 'shared-kit/forms';
import { ReasonDialog, type ReasonValues } from '../../../shared/components/ReasonDialog';

export const REFUND_REASON_REQUIRED = 'Please select why the order is refunded';
export const REFUND_FAILED = 'The order could not be refunded.';

export interface RefundOrderDialogProps {
  /** How the order is named ("Order 1001"), and how many licences the refund disables. */
  orderName: string;
  licenseCount: number;
  onConfirm: (reason: DisableReason) => Promise<void>;
  onCancel: () => void;
}

/** The reason checked as the server checks a refund (POST /orders/{id}/refund): no reason is chosen for the vendor. */
const refundContract: ContractRules<ReasonValues, RefundOrderBody> = {
  schema: () => import('shared-kit/contract').then((contract) => contract.RefundOrderBody),
  toBody: ({ reason }) => ({ reason: reason as DisableReason }),
  fieldOf: { reason: 'reason' },
  messages: { reason: REFUND_REASON_REQUIRED },
};

/** Refunds an order (docs/selling.md): every licence it created is disabled with the reason chosen here. */
export function RefundOrderDialog({ orderName, licenseCount, onConfirm, onCancel }: RefundOrderDialogProps) {
  const form = useContractForm({
    ...refundContract,
    defaultValues: { reason: '' },
    failedText: REFUND_FAILED,
    onSubmit: (body) => onConfirm(body.reason),
  });
  const licenses = licenseCount === 1 ? 'its license' : `its ${licenseCount} licenses`;
  return (
    <ReasonDialog
      form={form}
      title={`Refund ${orderName}`}
      description={`The order is marked refunded and ${licenses} stop working for the buyer. This cannot be undone here.`}
      reasonLabel="Reason for the refund"
      confirmLabel="Refund"
      onCancel={onCancel}
    />
  );
}
