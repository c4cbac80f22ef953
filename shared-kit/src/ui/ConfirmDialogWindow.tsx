import { useState } from 'react';
import styled from 'styled-components';
import { errorMessage } from '../api/api-error';
import type { ConfirmDialogProps } from './ConfirmDialog';
import { DialogWindow } from './DialogWindow';
import { DialogFormFooter } from './DialogFormFooter';

/** Said when a confirmed action fails and neither the server nor the screen has words for it. */
export const CONFIRMED_ACTION_FAILED = 'That did not work. Please try again.';

// Inside the dialog's description: a block of text below the message, not a paragraph of its own.
const Problem = styled.strong`
  display: block;
  margin-top: ${({ theme }) => theme.spacing.sm};
  color: ${({ theme }) => theme.colors.danger};
`;

const isPromise = (value: unknown): value is Promise<unknown> =>
  typeof (value as Promise<unknown> | undefined)?.then === 'function';

/** The confirmation itself, loaded on demand by `ConfirmDialog` with the dialog code. */
export function ConfirmDialogWindow({
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
    <DialogWindow
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
