import styled from 'styled-components';
import { formatDateTime, type TableColumn, type WebhookDelivery } from 'shared-kit';
import { deliveryFailureReason, formatToTheSecond } from './delivery-reason';
import { eventLabel } from './event-labels';

const STATUS_TEXT: Record<WebhookDelivery['status'], string> = {
  pending: 'Pending',
  succeeded: 'Succeeded',
  failed: 'Failed',
};

const Status = styled.span<{ $status: WebhookDelivery['status'] }>`
  font-weight: ${({ theme }) => theme.font.weight.medium};
  color: ${({ theme, $status }) => ($status === 'succeeded' ? theme.colors.success : $status === 'failed' ? theme.colors.danger : theme.colors.text)};
`;

const ErrorCell = styled.span`
  display: inline-block;
  max-width: 320px;
  overflow-wrap: anywhere;
`;

const NONE = '—';

/** The delivery log's columns; the actions column comes from the page (it needs its handlers). */
export const deliveryColumns = (actions: TableColumn<WebhookDelivery>['cell']): TableColumn<WebhookDelivery>[] => [
  {
    id: 'status',
    header: 'Status',
    cell: (delivery) => <Status $status={delivery.status}>{STATUS_TEXT[delivery.status]}</Status>,
  },
  { id: 'event', header: 'Event', cell: (delivery) => eventLabel(delivery.event_type) },
  { id: 'response', header: 'Response', cell: (delivery) => delivery.response_code ?? NONE },
  {
    id: 'duration',
    header: 'Duration',
    cell: (delivery) => (delivery.duration_ms === null ? NONE : `${delivery.duration_ms} ms`),
  },
  { id: 'attempts', header: 'Attempts', cell: (delivery) => delivery.attempts },
  {
    id: 'last_error',
    header: 'Why It Failed',
    cell: (delivery) => <ErrorCell>{deliveryFailureReason(delivery) ?? NONE}</ErrorCell>,
  },
  { id: 'created_at', header: 'Created', cell: (delivery) => formatDateTime(delivery.created_at) },
  {
    id: 'last_attempt_at',
    header: 'Last Attempt',
    cell: (delivery) => formatDateTime(delivery.last_attempt_at) || NONE,
  },
  {
    id: 'next_attempt_at',
    header: 'Next Attempt',
    cell: (delivery) => formatToTheSecond(delivery.next_attempt_at) || NONE,
  },
  { id: 'actions', header: 'Actions', cell: actions },
];
