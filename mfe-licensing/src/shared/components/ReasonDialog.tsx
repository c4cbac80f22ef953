import { useId } from 'react';
import { DISABLE_REASONS, Dialog, DialogFormFooter, ErrorText, type DisableReason } from 'shared-kit';
import { Form, SelectField, type ContractForm } from 'shared-kit/forms';

export interface ReasonValues {
  reason: DisableReason | '';
}

export interface ReasonDialogProps {
  /** The caller's form over the reason, checked as the server checks its call. */
  form: ContractForm<ReasonValues>;
  title: string;
  description: string;
  reasonLabel: string;
  confirmLabel: string;
  onCancel: () => void;
}

/** A danger action that needs a reason (deactivating licences, refunding an order): the reason, Cancel, confirm. */
export function ReasonDialog({ form, title, description, reasonLabel, confirmLabel, onCancel }: ReasonDialogProps) {
  const formId = useId();
  const busy = form.pending;
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && !busy && onCancel()}
      title={title}
      description={description}
      footer={
        <DialogFormFooter
          formId={formId}
          submitLabel={confirmLabel}
          submitVariant="danger"
          pending={busy}
          onCancel={onCancel}
        />
      }
    >
      <Form form={form} id={formId}>
        <SelectField name="reason" label={reasonLabel} required>
          <option value="">Select a reason</option>
          {DISABLE_REASONS.map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </SelectField>
        {form.failure && <ErrorText>{form.failure}</ErrorText>}
      </Form>
    </Dialog>
  );
}
