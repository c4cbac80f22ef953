import { screen, waitFor, within } from '@testing-library/react';
import LicensingRoutes from '../../../remote';
import { apiError, columnTitles, manufacturerSession, renderPage, superuserSession } from 'shared-kit/testing';
import { fakeOrdersServer, orderFixture } from '../../../shared/test-support/fake-orders-server';
import { NO_MATCHING_ORDERS, NO_ORDERS, ORDERS_LOAD_FAILED, SEARCH_ORDERS } from '../components/OrderList';
import { NO_MANUFACTURER } from './OrdersPages';

const ORDERS = [
  orderFixture(2, {
    external_order_id: null,
    buyer: { user_id: 12, email: 'bob@mix.example', name: '', external_id: null },
  }),
  orderFixture(1, { status: 'refunded', refund_reason: 'CancelledOrder', amount: 1500, currency: 'JPY' }),
];

const open = (server = fakeOrdersServer(ORDERS), url = '/Orders', session = manufacturerSession) =>
  renderPage(<LicensingRoutes />, { server, url, session });
const ordersTable = () => screen.findByRole('table', { name: 'Orders' });

describe('/Home/Orders', () => {
  it("lists the signed-in manufacturer's orders with what a person needs of each", async () => {
    const { calls } = open();
    expect(screen.getByRole('heading', { name: 'Orders' })).toBeInTheDocument();
    const table = await ordersTable();
    await within(table).findByText('bob@mix.example');
    const rows = within(table).getAllByRole('row');
    expect(columnTitles(rows[0])).toEqual(['Order', 'Date', 'Buyer', 'Store', 'Amount', 'Licenses', 'State']);
    expect(within(rows[1]).getByRole('link', { name: 'Order #2' })).toHaveAttribute('href', '/Orders/2');
    expect(rows[1]).toHaveTextContent('€49.00');
    expect(rows[1]).toHaveTextContent('Paid');
    expect(rows[1]).toHaveTextContent('stripe');
    expect(within(rows[2]).getByRole('link', { name: 'Order cs_1001' })).toBeInTheDocument();
    expect(rows[2]).toHaveTextContent('¥1,500');
    expect(rows[2]).toHaveTextContent('Ann Listener');
    expect(rows[2]).toHaveTextContent('Refunded');
    expect(calls[0]).toEqual({
      method: 'GET',
      path: '/manufacturers/7/orders',
      query: { page: 1, per_page: 25, search: '' },
    });
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeEnabled();
  });

  it('searches by buyer email or external order id, and says when nothing matches', async () => {
    const { user, calls } = open();
    await within(await ordersTable()).findByText('bob@mix.example');
    const search = screen.getByRole('searchbox', { name: SEARCH_ORDERS });
    await user.type(search, 'cs_1001');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(screen.queryByText('bob@mix.example')).not.toBeInTheDocument());
    expect(screen.getByText('buyer1@listener.example')).toBeInTheDocument();
    expect(calls.at(-1)?.query).toMatchObject({ search: 'cs_1001', page: 1 });
    await user.clear(search);
    await user.type(search, 'nobody');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText(NO_MATCHING_ORDERS)).toBeInTheDocument();
  });

  it('says how orders arrive when there is none yet', async () => {
    open(fakeOrdersServer([]));
    expect(await screen.findByText(NO_ORDERS)).toBeInTheDocument();
  });

  it('says so when the orders cannot be loaded', async () => {
    open(
      fakeOrdersServer(ORDERS, () => {
        throw apiError(500, 'boom');
      }),
    );
    expect(await screen.findByText(ORDERS_LOAD_FAILED)).toBeInTheDocument();
  });

  it('asks a superuser to open orders from a manufacturer’s page, and calls nothing', () => {
    const { calls } = open(fakeOrdersServer(ORDERS), '/Orders', superuserSession);
    expect(screen.getByText(NO_MANUFACTURER)).toBeInTheDocument();
    expect(calls).toEqual([]);
  });
});

describe('/Home/ManufacturerOrders/{manufacturerID}', () => {
  it("shows the superuser that manufacturer's orders, with the way back to its page", async () => {
    const { calls } = open(fakeOrdersServer(ORDERS), '/ManufacturerOrders/7', superuserSession);
    expect(await within(await ordersTable()).findByText('bob@mix.example')).toBeInTheDocument();
    expect(calls[0].path).toBe('/manufacturers/7/orders');
    expect(screen.getByRole('link', { name: 'Manufacturer Details' })).toHaveAttribute('href', '/Manufacturers/7');
  });

  it('refuses an address without a manufacturer id, and calls nothing', () => {
    const { calls } = open(fakeOrdersServer(ORDERS), '/ManufacturerOrders/abc', superuserSession);
    expect(screen.getByRole('alert')).toHaveTextContent('There is no manufacturer at this address.');
    expect(calls).toEqual([]);
  });
});
