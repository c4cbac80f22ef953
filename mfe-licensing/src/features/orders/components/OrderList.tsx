import styled from 'styled-components';
import { PaginationControls, SearchBox, Table, Toolbar, type OrderSummary } from 'shared-kit';
import { ExportButton, useListController } from 'shared-kit/data';
import { manufacturerOrdersKey } from '../api/get-orders';
import { orderColumns } from './order-columns';

export const SEARCH_ORDERS = 'Search by buyer email or order ID';
export const NO_ORDERS =
  'No orders yet. Orders arrive from your shop through the order API (an API key with the Write orders scope) or from a connected Stripe or Paddle store.';
export const NO_MATCHING_ORDERS = 'No orders match the search.';
export const ORDERS_LOAD_FAILED = 'The orders could not be loaded.';

const Layout = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.spacing.md};
`;

/** A manufacturer's orders, newest first: search by buyer email or external order id, paging, CSV export. */
export function OrderList({ manufacturerId }: { manufacturerId: number }) {
  const orders = useListController<OrderSummary>({
    listKey: (state) => manufacturerOrdersKey(manufacturerId, state),
    getRowId: (order) => order.id,
  });
  const list = orders.state;
  const emptyText = orders.error ? ORDERS_LOAD_FAILED : list.search ? NO_MATCHING_ORDERS : NO_ORDERS;
  return (
    <Layout>
      <Toolbar>
        <SearchBox placeholder={SEARCH_ORDERS} value={list.search} onSearch={list.setSearch} />
        <ExportButton list={orders.key} />
      </Toolbar>
      <Table caption="Orders" columns={orderColumns} {...orders.tableProps} emptyText={emptyText} />
      <PaginationControls {...orders.paginationProps} />
    </Layout>
  );
}
