import styled from 'styled-components';
import { Link } from 'react-router';
import { formatDateTime, type OrderSummary, type TableColumn } from 'shared-kit';
import { licensingLinks } from 'shared-kit/pages';
import { formatOrderAmount } from './order-amount';
import { ORDER_STATE_WORDS, orderLabel } from '../../../shared/order-words';

const Muted = styled.span`
  display: block;
  color: ${({ theme }) => theme.colors.muted};
  font-size: ${({ theme }) => theme.font.size.small};
`;

const Wrapping = styled.span`
  overflow-wrap: anywhere;
`;

const Amount = styled.span`
  font-variant-numeric: tabular-nums;
  white-space: nowrap;
`;

/** The columns of a manufacturer's order list: the order (linked to its page) first, as the cards show it. */
export const orderColumns: TableColumn<OrderSummary>[] = [
  {
    id: 'order',
    header: 'Order',
    cell: (order) => (
      <Link to={licensingLinks.order(order.id)} aria-label={`Order ${orderLabel(order)}`}>
        <Wrapping>{orderLabel(order)}</Wrapping>
      </Link>
    ),
  },
  { id: 'date', header: 'Date', cell: (order) => formatDateTime(order.created_at) },
  {
    id: 'buyer',
    header: 'Buyer',
    cell: (order) => (
      <>
        <Wrapping>{order.buyer.email}</Wrapping>
        {order.buyer.name && <Muted>{order.buyer.name}</Muted>}
      </>
    ),
  },
  { id: 'store', header: 'Store', cell: (order) => order.store },
  {
    id: 'amount',
    header: 'Amount',
    cell: (order) => <Amount>{formatOrderAmount(order.amount, order.currency)}</Amount>,
  },
  { id: 'licenses', header: 'Licenses', cell: (order) => order.license_count },
  { id: 'state', header: 'State', cell: (order) => ORDER_STATE_WORDS[order.status] },
];
