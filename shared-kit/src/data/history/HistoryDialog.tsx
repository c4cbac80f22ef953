import type { ReactNode } from 'react';
import { Button, Dialog } from 'shared-kit';
import { RecordHistory, type RecordHistoryProps } from './RecordHistory';

export interface HistoryDialogProps extends RecordHistoryProps {
  title: string;
  onClose: () => void;
  /** What the record's owner shows above its events (a licence: the order it came from). */
  children?: ReactNode;
}

/** A record's history in the kit's Dialog (a licence's row action). */
export function HistoryDialog({ title, onClose, children, ...history }: HistoryDialogProps) {
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={title}
      width="900px"
      footer={<Button onClick={onClose}>Close</Button>}
    >
      {children}
      <RecordHistory {...history} />
    </Dialog>
  );
}
