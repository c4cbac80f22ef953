import type { ReactNode } from 'react';
import { Button } from './Button';
import { Dialog } from './Dialog';
import { SpinnerIcon } from './Spinner';

export interface ConfirmDialogProps {
  open: boolean;
  title: ReactNode;
  message: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  onConfirm: () => void;
  onCancel: () => void;
  /** While the confirmed action runs: confirm is disabled and marked busy. */
  busy?: boolean;
  confirmVariant?: 'primary' | 'danger';
}

export function ConfirmDialog({
  open,
  title,
  message,
  confirmLabel = 'Confirm',
  cancelLabel = 'Cancel',
  onConfirm,
  onCancel,
  busy = false,
  confirmVariant = 'primary',
}: ConfirmDialogProps) {
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) onCancel();
      }}
      title={title}
      description={message}
      footer={
        <>
          <Button onClick={onCancel}>{cancelLabel}</Button>
          <Button variant={confirmVariant} onClick={onConfirm} disabled={busy} aria-busy={busy || undefined}>
            {busy && <SpinnerIcon />}
            {confirmLabel}
          </Button>
        </>
      }
    />
  );
}
