import styled from 'styled-components';
import { Checkbox, ErrorText, fieldErrorId } from 'shared-kit';
import { useBoundField } from 'shared-kit/forms';
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

/** One checkbox per event type of the contract, in the contract's order, plus one for all of them; bound to a `Form` by name. */
export function EventTypeChoices({ name }: { name: string }) {
  const { field, error, controlProps } = useBoundField(name);
  const value = (field.value as WebhookEventType[] | undefined) ?? [];
  const onChange = (next: WebhookEventType[]) => field.onChange(next);
  const errorId = fieldErrorId(controlProps.id);
  const chosen = new Set(value);
  const toggle = (type: WebhookEventType, checked: boolean) =>
    onChange(WEBHOOK_EVENT_TYPES.filter((candidate) => (candidate === type ? checked : chosen.has(candidate))));
  const all = chosen.size === WEBHOOK_EVENT_TYPES.length;
  return (
    <Group aria-describedby={error ? errorId : undefined}>
      <Legend>Events</Legend>
      <Choices>
        <li>
          <Checkbox
            id={controlProps.id}
            label="All events"
            checked={all}
            onCheckedChange={(checked) => onChange(checked ? [...WEBHOOK_EVENT_TYPES] : [])}
          />
        </li>
        {WEBHOOK_EVENT_TYPES.map((type) => (
          <li key={type}>
            <Checkbox
              label={EVENT_LABELS[type]}
              checked={chosen.has(type)}
              onCheckedChange={(checked) => toggle(type, checked)}
            />
          </li>
        ))}
      </Choices>
      {error && <ErrorText id={errorId}>{error}</ErrorText>}
    </Group>
  );
}
