import { useId, useState } from 'react';
import styled from 'styled-components';
import { Button, Section } from 'shared-kit';
import { RecordHistory, type RecordHistoryProps } from './RecordHistory';

// Set apart from the page's own content above it.
const Below = styled.div`
  margin-top: ${({ theme }) => theme.spacing.lg};
`;

/** A collapsed "History" section below a record's page; its events are fetched when it is opened. */
export function HistorySection(props: RecordHistoryProps) {
  const [open, setOpen] = useState(false);
  const contentId = useId();
  return (
    <Below>
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
    </Below>
  );
}
