import type { ReactNode } from 'react';
import { Button } from './Button';
import { SpinnerIcon } from './Spinner';

interface FooterCommon {
  submitLabel: ReactNode;
  /** While the form is submitting: Cancel and submit are disabled, and submit is marked busy. */
  pending: boolean;
  onCancel: () => void;
  /** Submit is held back (nothing chosen yet); Cancel stays usable. */
  submitDisabled?: boolean;
  submitVariant?: 'primary' | 'danger';
  cancelLabel?: string;
}

export type DialogFormFooterProps = FooterCommon &
  (
    | {
        /** The id of the form in the dialog's body, which the submit button submits (Enter in a field does too). */
        formId: string;
        onSubmit?: never;
      }
    | { formId?: never; onSubmit: () => void }
  );

/** A dialog's Cancel and submit, for the `footer` of a Dialog that holds a form or makes one choice. */
export function DialogFormFooter({
  submitLabel,
  pending,
  onCancel,
  submitDisabled = false,
  submitVariant = 'primary',
  cancelLabel = 'Cancel',
  formId,
  onSubmit,
}: DialogFormFooterProps) {
  const submits = formId === undefined ? { onClick: onSubmit } : { type: 'submit' as const, form: formId };
  return (
    <>
      <Button onClick={onCancel} disabled={pending}>
        {cancelLabel}
      </Button>
      <Button
        variant={submitVariant}
        {...submits}
        disabled={pending || submitDisabled}
        aria-busy={pending || undefined}
      >
        {pending && <SpinnerIcon />}
        {submitLabel}
      </Button>
    </>
  );
}
