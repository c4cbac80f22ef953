import type { ReactNode } from 'react';
import { lazyPart } from './lazy-part';

export interface DialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  footer?: ReactNode;
  /** A non-modal dialog leaves the page usable behind it (no overlay, no focus trap). */
  modal?: boolean;
  width?: string;
}

const useDialogWindow = lazyPart(() =>
  import(/* webpackChunkName: "dialog" */ './DialogWindow').then((module) => module.DialogWindow),
);

/** A dialog; nothing is drawn until the dialog code has arrived (it is fetched when the first dialog mounts). */
export function Dialog(props: DialogProps) {
  const DialogWindow = useDialogWindow();
  return DialogWindow ? <DialogWindow {...props} /> : null;
}
