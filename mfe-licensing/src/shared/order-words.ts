import type { OrderStatus, OrderSummary } from 'shared-kit';

/** How an order is named to a person: the shop's own order id when it sent one, else ours. */
export const orderLabel = (order: Pick<OrderSummary, 'id' | 'external_order_id'>): string =>
  order.external_order_id ?? `#${order.id}`;

/** A vendor's words for the order's state: it was paid, or it was refunded (or charged back). */
export const ORDER_STATE_WORDS: Record<OrderStatus, string> = { completed: 'Paid', refunded: 'Refunded' };
