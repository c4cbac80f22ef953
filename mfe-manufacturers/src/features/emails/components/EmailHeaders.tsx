import type { ReactNode } from 'react';
import styled from 'styled-components';
import { formatDateTime, type Email } from 'shared-kit';
import { EmailStatusText } from './email-status';

const List = styled.dl`
  display: grid;
  grid-template-columns: max-content minmax(0, 1fr);
  gap: ${({ theme }) => `${theme.spacing.xs} ${theme.spacing.md}`};
  margin: 0;

  dt {
    font-weight: ${({ theme }) => theme.font.weight.medium};
  }
  dd {
    margin: 0;
    overflow-wrap: anywhere;
  }
`;

const NONE = '—';

/** Who the mail was from and to, and what became of it. */
export function EmailHeaders({ email }: { email: Email }) {
  const rows: [string, ReactNode][] = [
    ['From', email.sender_name],
    ['Reply-To', email.reply_to ?? NONE],
    ['To', email.to],
    ['Subject', email.subject],
    ['Kind', `${email.kind}${email.transactional ? ' (transactional)' : ''}`],
    ['State', <EmailStatusText key="state" status={email.status} />],
    ['Attempts', email.attempts],
    ['Last error', email.last_error ?? NONE],
    ['Created', formatDateTime(email.created_at)],
    ['Sent', formatDateTime(email.sent_at) || NONE],
    ['Next attempt', formatDateTime(email.next_attempt_at) || NONE],
  ];
  return (
    <List>
      {rows.map(([term, value]) => (
        <div key={term} style={{ display: 'contents' }}>
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </List>
  );
}
