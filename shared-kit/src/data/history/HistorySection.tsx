import { useId, useState } from 'react';
import { Button, Section } from 'shared-kit';
import { RecordHistory, type RecordHistoryProps } from './RecordHistory';

/** A collapsed "History" section below a record's page; its events are fetched when it is opened. */
export function HistorySection(props: RecordHistoryProps) {
  const [open, setOpen] = useState(false);
  const contentId = useId();
  return (
    <Section
      title="History"
      actions={
        <Button size="small" aria-expanded={open} aria-controls={contentId} onClick={() => setOpen(!open)}>
          {open ? 'Hide History' : 'Show History'}
        </Button>
      }
    >
      <div id={contentId} hidden={!open}>
        {open && <RecordHistory {...props} />}
      </div>
    </Section>
  );
}
