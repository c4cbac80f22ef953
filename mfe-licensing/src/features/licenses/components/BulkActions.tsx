import styled from 'styled-components';
import { Button, SpinnerIcon, useCan } from 'shared-kit';

export interface BulkActionsProps {
  count: number;
  busy: boolean;
  onActivate: () => void;
  onDeactivate: () => void;
}

const Bar = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.spacing.sm};
  padding: ${({ theme }) => `${theme.spacing.sm} ${theme.spacing.md}`};
  background: ${({ theme }) => theme.colors.selected};
  border-radius: ${({ theme }) => theme.radius.normal};
`;

const Count = styled.span`
  margin-right: auto;
  font-weight: ${({ theme }) => theme.font.weight.medium};
`;

/** Shown while licences are ticked: how many, and the two bulk actions of docs/console.md, Licence table. */
export function BulkActions({ count, busy, onActivate, onDeactivate }: BulkActionsProps) {
  const licensesWrite = useCan('licenses.write');
  return (
    <Bar role="region" aria-label="Selected licenses">
      <Count aria-live="polite">{count} license(s) selected</Count>
      {busy && <SpinnerIcon />}
      <Button variant="primary" onClick={onActivate} disabled={busy} {...licensesWrite.lock}>
        Activate Selected
      </Button>
      <Button variant="danger" onClick={onDeactivate} disabled={busy} {...licensesWrite.lock}>
        Deactivate Selected
      </Button>
    </Bar>
  );
}
