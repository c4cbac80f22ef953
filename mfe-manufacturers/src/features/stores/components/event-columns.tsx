import { Link } from 'react-router';
import { formatDateTime, type StoreEvent, type TableColumn } from 'shared-kit';
import { licensingLinks } from 'shared-kit/pages';
import { OUTCOME_LABELS } from './store-words';

const Wrapping = ({ text }: { text: string }) => <span style={{ overflowWrap: 'anywhere' }}>{text}</span>;

/** The last events' columns: read only, as the server keeps them. */
export const eventColumns: TableColumn<StoreEvent>[] = [
  { id: 'received_at', header: 'Received', cell: (event) => formatDateTime(event.received_at) },
  { id: 'event_type', header: 'Event', cell: (event) => event.event_type },
  { id: 'event_id', header: 'Event ID', cell: (event) => <Wrapping text={event.event_id} /> },
  { id: 'outcome', header: 'Outcome', cell: (event) => OUTCOME_LABELS[event.outcome] },
  {
    id: 'order',
    header: 'Order',
    cell: (event) =>
      event.order_id === null ? (
        '—'
      ) : (
        <Link
          to={licensingLinks.order(event.order_id)}
          aria-label={`Order ${event.order_id} of event ${event.event_id}`}
        >
          #{event.order_id}
        </Link>
      ),
  },
  { id: 'message', header: 'Message', cell: (event) => event.message ?? '' },
];
