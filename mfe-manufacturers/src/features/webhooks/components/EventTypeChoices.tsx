import styled from 'styled-components';
import { Checkbox, ErrorText } from 'shared-kit';
import type { WebhookEventType } from 'shared-kit/contract';
import { EVENT_LABELS, WEBHOOK_EVENT_TYPES } from './event-labels';

const Group = styled.fieldset`
  margin: 0;
  padding: ${({ theme }) => `${theme.spacing.sm} ${theme.spacing.md}`};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.normal};
`;

const Legend = styled.legend`
  padding: 0 ${({ theme }) => theme.spacing.xs};
  font-weight: ${({ theme }) => theme.font.weight.medium};
`;

const Choices = styled.ul`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(200px, 1fr));
  gap: ${({ theme }) => `${theme.spacing.xs} ${theme.spacing.md}`};
  margin: 0 0 ${({ theme }) => theme.spacing.sm};
  padding: 0;
  list-style: none;
`;

export interface EventTypeChoicesProps {
  value: WebhookEventType[];
  onChange: (value: WebhookEventType[]) => void;
  error?: string;
  errorId: string;
  disabled?: boolean;
}

/** One checkbox per event type of the contract, in the contract's order, plus one for all of them. */
export function EventTypeChoices({ value, onChange, error, errorId, disabled }: EventTypeChoicesProps) {
  const chosen = new Set(value);
  const toggle = (type: WebhookEventType, checked: boolean) => onChange(WEBHOOK_EVENT_TYPES.filter((candidate) => (candidate === type ? checked : chosen.has(candidate))));
  const all = chosen.size === WEBHOOK_EVENT_TYPES.length;
  return (
    <Group aria-describedby={error ? errorId : undefined}>
      <Legend>Events</Legend>
      <Choices>
        <li>
          <Checkbox label="All events" checked={all} disabled={disabled} onCheckedChange={(checked) => onChange(checked ? [...WEBHOOK_EVENT_TYPES] : [])} />
        </li>
        {WEBHOOK_EVENT_TYPES.map((type) => (
          <li key={type}>
            <Checkbox label={EVENT_LABELS[type]} checked={chosen.has(type)} disabled={disabled} onCheckedChange={(checked) => toggle(type, checked)} />
          </li>
        ))}
      </Choices>
      {error && <ErrorText id={errorId}>{error}</ErrorText>}
    </Group>
  );
}
