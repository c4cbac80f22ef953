import { useId, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { Button, SearchBox, Select, TextInput, type EmailStatus } from 'shared-kit';
import type { EmailFilter } from '../api/get-emails';
import { STATUSES, STATUS_TEXT } from './email-status';

const Bar = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.spacing.md};
  margin-bottom: ${({ theme }) => theme.spacing.md};
`;

const Labelled = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.spacing.xs};
`;

const KindInput = styled(TextInput)`
  width: 22ch;
`;

export interface EmailFiltersProps {
  filter: EmailFilter;
  onFilterChange: (filter: EmailFilter) => void;
  recipient: string;
  onRecipientSearch: (text: string) => void;
}

/** State, kind (exact, e.g. portal.sign-in-code) and part of the recipient's address. */
export function EmailFilters({ filter, onFilterChange, recipient, onRecipientSearch }: EmailFiltersProps) {
  const statusId = useId();
  const kindId = useId();
  const [kind, setKind] = useState(filter.kind);
  const applyKind = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onFilterChange({ ...filter, kind: kind.trim() });
  };
  return (
    <Bar>
      <Labelled>
        <label htmlFor={statusId}>State</label>
        <Select
          id={statusId}
          value={filter.status}
          onChange={(event) => onFilterChange({ ...filter, status: event.target.value as EmailStatus | '' })}
        >
          <option value="">All</option>
          {STATUSES.map((status) => (
            <option key={status} value={status}>
              {STATUS_TEXT[status]}
            </option>
          ))}
        </Select>
      </Labelled>
      <Labelled as="form" aria-label="Filter by kind" onSubmit={applyKind}>
        <label htmlFor={kindId}>Kind</label>
        <KindInput
          id={kindId}
          value={kind}
          placeholder="e.g. email.test"
          onChange={(event) => setKind(event.target.value)}
          autoComplete="off"
        />
        <Button type="submit" size="small">
          Filter
        </Button>
      </Labelled>
      <SearchBox placeholder="Search by Recipient" value={recipient} onSearch={onRecipientSearch} />
    </Bar>
  );
}
