import type { DisableReason, Order, OrderSummary, RefundOrderBody } from 'shared-kit';
import { apiError, page, type FakeApiServer, type RecordedApiCall } from 'shared-kit/testing';

// An in-memory stand-in for the order API (docs/selling.md, Orders), close enough to the server for screen tests.

export function orderFixture(id: number, overrides: Partial<Order> = {}): Order {
  return {
    id,
    manufacturer_id: 7,
    store: 'stripe',
    external_order_id: `cs_${1000 + id}`,
    status: 'completed',
    buyer: { user_id: 11, email: `buyer${id}@listener.example`, name: 'Ann Listener', external_id: null },
    amount: 4900,
    currency: 'EUR',
    refund_reason: null,
    refunded_at: null,
    created_at: '2026-11-20T09:30:00.000Z',
    updated_at: '2026-11-20T09:30:00.000Z',
    lines: [{ id: 1, product_id: 1, product_name: 'Aurora Reverb', license_type: 'Standard', quantity: 2 }],
    licenses: [
      {
        id: 21,
        serial: 'AAAAA-BBBBB-CCCCC-DDDD1',
        product_id: 1,
        license_type: 'Standard',
        disabled: false,
        disabled_reason: null,
      },
      {
        id: 22,
        serial: 'AAAAA-BBBBB-CCCCC-DDDD2',
        product_id: 1,
        license_type: 'Standard',
        disabled: false,
        disabled_reason: null,
      },
    ],
    ...overrides,
  };
}

export const summaryOf = ({ lines: _lines, licenses, ...order }: Order): OrderSummary => ({
  ...order,
  license_count: licenses.length,
});

const contains = (text: string | null, part: unknown) =>
  !part || (text ?? '').toLowerCase().includes(String(part).toLowerCase());

/** The manufacturer's orders, newest first as given; search and paging as the server does them; refunds. */
export function fakeOrdersServer(initial: Order[], refuse?: (call: RecordedApiCall) => unknown): FakeApiServer {
  let orders = [...initial];
  return (call) => {
    const { method, path, query } = call;
    refuse?.(call);
    let match: RegExpMatchArray | null;
    if (method === 'GET' && (match = path.match(/^\/manufacturers\/(\d+)\/orders$/))) {
      const found = orders.filter(
        (order) =>
          order.manufacturer_id === Number(match![1]) &&
          (contains(order.buyer.email, query?.search) || contains(order.external_order_id, query?.search)),
      );
      const perPage = Number(query?.per_page ?? 25);
      const current = Number(query?.page ?? 1);
      return page(found.slice((current - 1) * perPage, current * perPage).map(summaryOf), {
        total: found.length,
        perPage,
        current,
      });
    }
    if ((match = path.match(/^\/orders\/(\d+)(\/refund)?$/))) {
      const order = orders.find((candidate) => candidate.id === Number(match![1]));
      if (!order) throw apiError(404, 'Order not found');
      if (method === 'GET' && !match[2]) return order;
      if (method === 'POST' && match[2]) {
        if (order.status === 'refunded') throw apiError(409, 'This order is already refunded.');
        const reason: DisableReason = (call.body as RefundOrderBody).reason;
        const refunded: Order = {
          ...order,
          status: 'refunded',
          refund_reason: reason,
          refunded_at: '2026-11-26T10:00:00.000Z',
          licenses: order.licenses.map((license) => ({ ...license, disabled: true, disabled_reason: reason })),
        };
        orders = orders.map((candidate) => (candidate.id === order.id ? refunded : candidate));
        return refunded;
      }
    }
    if (method === 'GET' && path === '/audit-events') return page([]);
    throw apiError(404, `No fake answer for ${method} ${path}`);
  };
}
