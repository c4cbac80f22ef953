import { useState, type ReactNode } from 'react';
import styled from 'styled-components';
import { errorMessage } from '../api/api-error';
import { Dialog } from './Dialog';
import { DialogFormFooter } from './DialogFormFooter';

/** Said when a confirmed action fails and neither the server nor the screen has words for it. */
export const CONFIRMED_ACTION_FAILED = 'That did not work. Please try again.';

export interface ConfirmDialogProps {
  open: boolean;
  title: ReactNode;
  /** What happens on confirming. */
  message: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  /**
   * The confirmed action. When it returns a promise, the dialog is busy until it settles, and a rejection keeps the
   * dialog open with the server's words (or `failedText`); closing on success is the caller's.
   */
  onConfirm: () => unknown;
  onCancel: () => void;
  /** The screen's words for a failed action the server did not explain (docs/console.md, Errors). */
  failedText?: string;
  /** While the confirmed action runs elsewhere: both buttons are disabled, confirm is marked busy, Escape waits. */
  busy?: boolean;
  /** Confirm is held back (what it acts on is still loading); Cancel stays usable. */
  confirmDisabled?: boolean;
  confirmVariant?: 'primary' | 'danger';
}

// Inside the dialog's description: a block of text below the message, not a paragraph of its own.
const Problem = styled.strong`
  display: block;
  margin-top: ${({ theme }) => theme.spacing.sm};
  color: ${({ theme }) => theme.colors.danger};
`;

const isPromise = (value: unknown): value is Promise<unknown> =>
  typeof (value as Promise<unknown> | undefined)?.then === 'function';

export function ConfirmDialog({
  open,
  title,
  message,
  confirmLabel = 'Confirm',
  cancelLabel = 'Cancel',
  onConfirm,
  onCancel,
  failedText = CONFIRMED_ACTION_FAILED,
  busy = false,
  confirmDisabled = false,
  confirmVariant = 'primary',
}: ConfirmDialogProps) {
  const [running, setRunning] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  // A dialog kept mounted between questions starts each one without the last one's failure.
  if (!open && failure !== null) setFailure(null);
  const pending = busy || running;

  const confirm = async () => {
    const result = onConfirm();
    if (!isPromise(result)) return;
    setFailure(null);
    setRunning(true);
    try {
      await result;
    } catch (error) {
      setFailure(errorMessage(error, failedText));
    } finally {
      setRunning(false);
    }
  };
  const cancel = () => {
    if (!pending) onCancel();
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) cancel();
      }}
      title={title}
      description={
        <>
          {message}
          {failure && <Problem role="alert">{failure}</Problem>}
        </>
      }
      footer={
        <DialogFormFooter
          onSubmit={() => void confirm()}
          onCancel={cancel}
          pending={pending}
          submitDisabled={confirmDisabled}
          submitLabel={confirmLabel}
          submitVariant={confirmVariant}
          cancelLabel={cancelLabel}
        />
      }
    />
  );
}
