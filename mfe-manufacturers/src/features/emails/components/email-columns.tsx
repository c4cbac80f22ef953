import styled from 'styled-components';
import { formatDateTime, type EmailSummary, type TableColumn } from 'shared-kit';
import { EmailStatusText } from './email-status';

const Wrapped = styled.span`
  display: inline-block;
  max-width: 320px;
  overflow-wrap: anywhere;
`;

const NONE = '—';

/** The Emails log's columns; the actions column comes from the page (it links to each mail). */
export const emailColumns = (actions: TableColumn<EmailSummary>['cell']): TableColumn<EmailSummary>[] => [
  { id: 'status', header: 'State', cell: (email) => <EmailStatusText status={email.status} /> },
  { id: 'to', header: 'To', cell: (email) => <Wrapped>{email.to}</Wrapped> },
  { id: 'subject', header: 'Subject', cell: (email) => <Wrapped>{email.subject}</Wrapped> },
  { id: 'kind', header: 'Kind', cell: (email) => email.kind },
  { id: 'attempts', header: 'Attempts', cell: (email) => email.attempts },
  { id: 'last_error', header: 'Last Error', cell: (email) => <Wrapped>{email.last_error ?? NONE}</Wrapped> },
  { id: 'created_at', header: 'Created', cell: (email) => formatDateTime(email.created_at) },
  { id: 'sent_at', header: 'Sent', cell: (email) => formatDateTime(email.sent_at) || NONE },
  { id: 'actions', header: 'Actions', cell: actions },
];
