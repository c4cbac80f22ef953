import { formatDateTime, type TableColumn, type WebhookEndpoint } from 'shared-kit';
import { WEBHOOK_EVENT_TYPES, eventLabel } from './event-labels';

const eventsText = (endpoint: WebhookEndpoint) =>
  endpoint.event_types.length === WEBHOOK_EVENT_TYPES.length
    ? 'All events'
    : endpoint.event_types.map(eventLabel).join(', ');

/** The endpoints table's columns; the actions column comes from the section (it needs its handlers). */
export const endpointColumns = (actions: TableColumn<WebhookEndpoint>['cell']): TableColumn<WebhookEndpoint>[] => [
  { id: 'url', header: 'URL', cell: (endpoint) => <span style={{ overflowWrap: 'anywhere' }}>{endpoint.url}</span> },
  { id: 'events', header: 'Events', cell: eventsText },
  { id: 'enabled', header: 'Enabled', cell: (endpoint) => (endpoint.enabled ? 'Yes' : 'No') },
  { id: 'created_at', header: 'Created', cell: (endpoint) => formatDateTime(endpoint.created_at) },
  { id: 'actions', header: 'Actions', cell: actions },
];
