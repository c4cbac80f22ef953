import styled from 'styled-components';
import { formatDateTime, type AuditEvent, type TableColumn } from 'shared-kit';
import { eventInWords } from './action-words';

/** Plugin calls and operator commands have no console user. */
export const CLIENT_ACTOR = 'client';

const Changes = styled.ul`
  margin: ${({ theme }) => `${theme.spacing.xs} 0 0`};
  padding-left: ${({ theme }) => theme.spacing.lg};
`;

const Action = styled.span`
  font-weight: ${({ theme }) => theme.font.weight.bold};
`;

const When = styled.span`
  white-space: nowrap;
`;

/** A staff user by their email, a customer signed in to the portal by theirs, marked as a customer; an API key by name and prefix. */
export function whoOf(event: AuditEvent): string {
  if (event.actor.type === 'user') return event.actor.email;
  if (event.actor.type === 'customer') return `${event.actor.email} (customer)`;
  if (event.actor.type === 'api_key') return `API key ${event.actor.name} (${event.actor.prefix}…)`;
  return CLIENT_ACTOR;
}

function What({ event }: { event: AuditEvent }) {
  const words = eventInWords(event);
  return (
    <>
      <Action>{words.action}</Action>
      {words.changes.length > 0 && (
        <Changes>
          {words.changes.map((summary) => (
            <li key={summary}>{summary}</li>
          ))}
        </Changes>
      )}
    </>
  );
}

export const historyColumns: TableColumn<AuditEvent>[] = [
  { id: 'when', header: 'When', cell: (event) => <When>{formatDateTime(event.created_at)}</When>, width: '180px' },
  { id: 'who', header: 'Who', cell: whoOf, width: '240px' },
  { id: 'what', header: 'What', cell: (event) => <What event={event} /> },
];
