import type { ReactNode } from 'react';
import { lazyPart } from './lazy-part';

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

const useConfirmDialogWindow = lazyPart(() =>
  import(/* webpackChunkName: "dialog" */ './ConfirmDialogWindow').then((module) => module.ConfirmDialogWindow),
);

/**
 * Asks before an action, and runs it: what happens, Cancel and the confirm button, the failure's words in the dialog.
 * Nothing is drawn until the dialog code has arrived, as with `Dialog`.
 */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const ConfirmDialogWindow = useConfirmDialogWindow();
  return ConfirmDialogWindow ? <ConfirmDialogWindow {...props} /> : null;
}
