import { useState } from 'react';
import styled from 'styled-components';
import { Link } from 'react-router';
import {
  ApiError,
  Button,
  ButtonLink,
  CannotShowPage,
  PageHeader,
  Section,
  Spinner,
  Stack,
  Table,
  Toolbar,
  errorMessage,
  formatDateTime,
  useIdParam,
  useSession,
  type Order,
} from 'shared-kit';
import { HistorySection } from 'shared-kit/data';
import { licensingLinks, usersLinks } from 'shared-kit/pages';
import { useOrder } from '../api/get-order';
import { useRefundOrder } from '../api/refund-order';
import { formatOrderAmount } from '../components/order-amount';
import { ORDER_STATE_WORDS, orderLabel } from '../../../shared/order-words';
import { orderLicenseColumns, orderLineColumns } from '../components/order-license-columns';
import { RefundOrderDialog } from '../components/RefundOrderDialog';

export const NO_SUCH_ORDER = 'There is no order at this address.';
export const ORDER_LOAD_FAILED = 'The order could not be loaded.';

const Details = styled.dl`
  display: grid;
  grid-template-columns: max-content 1fr;
  gap: ${({ theme }) => `${theme.spacing.xs} ${theme.spacing.md}`};
  margin: 0;
  dt {
    color: ${({ theme }) => theme.colors.muted};
  }
  dd {
    margin: 0;
    overflow-wrap: anywhere;
  }
`;

/** /Home/Orders/{orderID}: an order, its lines and licences, its refund. */
export function OrderPage() {
  const orderId = useIdParam('orderID');
  if (orderId === null)
    return (
      <>
        <PageHeader title="Order" />
        <CannotShowPage>{NO_SUCH_ORDER}</CannotShowPage>
      </>
    );
  return <OrderView key={orderId} orderId={orderId} />;
}

function OrderView({ orderId }: { orderId: number }) {
  const session = useSession();
  const { data: order, error, isLoading, mutate } = useOrder(orderId);
  if (isLoading) return <Spinner label="Loading order..." />;
  if (error instanceof ApiError && error.status === 404)
    return (
      <>
        <PageHeader title="Order" />
        <CannotShowPage>{NO_SUCH_ORDER}</CannotShowPage>
      </>
    );
  if (error || !order)
    return (
      <>
        <PageHeader title="Order" />
        <CannotShowPage onRetry={() => void mutate()}>{errorMessage(error, ORDER_LOAD_FAILED)}</CannotShowPage>
      </>
    );
  const ownStaff = session?.access_level !== 'superuser';
  return <OrderDetails order={order} ownStaff={ownStaff} />;
}

function OrderDetails({ order, ownStaff }: { order: Order; ownStaff: boolean }) {
  const [refunding, setRefunding] = useState(false);
  const refund = useRefundOrder();
  const name = `Order ${orderLabel(order)}`;
  const back = ownStaff ? licensingLinks.orders() : licensingLinks.manufacturerOrders(order.manufacturer_id);
  return (
    <>
      <PageHeader
        title={name}
        actions={
          <Toolbar>
            <ButtonLink to={back}>Orders</ButtonLink>
            {order.status === 'completed' && (
              <Button variant="danger" onClick={() => setRefunding(true)}>
                Refund
              </Button>
            )}
          </Toolbar>
        }
      />
      <Stack $gap="lg">
        <Section title="Order">
          <Details>
            <dt>State</dt>
            <dd>{ORDER_STATE_WORDS[order.status]}</dd>
            {order.status === 'refunded' && (
              <>
                <dt>Refunded on</dt>
                <dd>
                  {formatDateTime(order.refunded_at)}
                  {order.refund_reason && ` (${order.refund_reason})`}
                </dd>
              </>
            )}
            <dt>Buyer</dt>
            <dd>
              {ownStaff && order.buyer.user_id !== null ? (
                <Link to={usersLinks.userDetails(order.buyer.user_id)}>{order.buyer.email}</Link>
              ) : (
                order.buyer.email
              )}
              {order.buyer.name && ` (${order.buyer.name})`}
            </dd>
            {order.buyer.external_id && (
              <>
                <dt>Buyer ID in the shop</dt>
                <dd>{order.buyer.external_id}</dd>
              </>
            )}
            <dt>Store</dt>
            <dd>{order.store}</dd>
            <dt>External order ID</dt>
            <dd>{order.external_order_id ?? '—'}</dd>
            <dt>Order ID</dt>
            <dd>{order.id}</dd>
            <dt>Amount</dt>
            <dd>{formatOrderAmount(order.amount, order.currency)}</dd>
            <dt>Date</dt>
            <dd>{formatDateTime(order.created_at)}</dd>
          </Details>
        </Section>
        <Section title="Lines">
          <Table
            caption="Lines of the order"
            columns={orderLineColumns}
            rows={order.lines}
            getRowId={(line) => line.id}
          />
        </Section>
        <Section title="Licenses">
          <Table
            caption="Licenses of the order"
            columns={orderLicenseColumns(order.lines)}
            rows={order.licenses}
            getRowId={(license) => license.id}
            emptyText="This order created no licenses."
          />
        </Section>
      </Stack>
      {ownStaff && <HistorySection objectType="order" objectId={order.id} caption={`History of ${name}`} />}
      {refunding && (
        <RefundOrderDialog
          orderName={name}
          licenseCount={order.licenses.length}
          onCancel={() => setRefunding(false)}
          onConfirm={async (reason) => {
            await refund.trigger({ orderId: order.id, reason });
            setRefunding(false);
          }}
        />
      )}
    </>
  );
}
