import { screen, waitFor, within } from '@testing-library/react';
import LicensingRoutes from '../../../remote';
import { manufacturerSession, renderPage, superuserSession } from 'shared-kit/testing';
import { fakeOrdersServer, orderFixture } from '../../../shared/test-support/fake-orders-server';
import { REFUND_REASON_REQUIRED } from '../components/RefundOrderDialog';
import { NO_SUCH_ORDER } from './OrderPage';

const open = (url = '/Orders/1', session = manufacturerSession, orders = [orderFixture(1)]) =>
  renderPage(<LicensingRoutes />, { server: fakeOrdersServer(orders), url, session });
const licensesTable = () => screen.findByRole('table', { name: 'Licenses of the order' });

describe('/Home/Orders/{orderID}', () => {
  it('shows the buyer (linked to the user), the store, the ids, the amount, the lines and every licence', async () => {
    open();
    expect(await screen.findByRole('heading', { name: 'Order cs_1001' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'buyer1@listener.example' })).toHaveAttribute('href', '/UserDetails/11');
    expect(screen.getByText('€49.00')).toBeInTheDocument();
    expect(screen.getByText('stripe')).toBeInTheDocument();
    expect(screen.getByText('Paid')).toBeInTheDocument();
    const lines = within(screen.getByRole('table', { name: 'Lines of the order' })).getAllByRole('row');
    expect(lines[1]).toHaveTextContent('Aurora Reverb');
    expect(lines[1]).toHaveTextContent('2');
    const licenses = within(await licensesTable()).getAllByRole('row');
    expect(licenses).toHaveLength(3);
    expect(within(licenses[1]).getByRole('link', { name: /AAAAA-BBBBB-CCCCC-DDDD1/ })).toHaveAttribute(
      'href',
      '/ProductLicenses/1/Aurora%20Reverb/none',
    );
    expect(licenses[1]).toHaveTextContent('Active');
    expect(screen.getByRole('link', { name: 'Orders' })).toHaveAttribute('href', '/Orders');
    expect(screen.getByRole('button', { name: 'Show History' })).toBeInTheDocument();
  });

  it('refunds with a required reason: then the order says refunded and its licences are deactivated', async () => {
    const { user, calls } = open();
    await user.click(await screen.findByRole('button', { name: 'Refund' }));
    const dialog = await screen.findByRole('dialog', { name: 'Refund Order cs_1001' });
    expect(dialog).toHaveTextContent('its 2 licenses stop working');
    await user.click(within(dialog).getByRole('button', { name: 'Refund' }));
    expect(await within(dialog).findByText(REFUND_REASON_REQUIRED)).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);

    await user.selectOptions(within(dialog).getByRole('combobox', { name: /Reason for the refund/ }), 'CancelledOrder');
    await user.click(within(dialog).getByRole('button', { name: 'Refund' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.filter((call) => call.method === 'POST')).toEqual([
      { method: 'POST', path: '/orders/1/refund', body: { reason: 'CancelledOrder' } },
    ]);
    const licenses = within(await licensesTable()).getAllByRole('row');
    await waitFor(() => expect(licenses[1]).toHaveTextContent('Deactivated (CancelledOrder)'));
    expect(within(await licensesTable()).getAllByRole('row')[2]).toHaveTextContent('Deactivated (CancelledOrder)');
    expect(screen.getByText('Refunded')).toBeInTheDocument();
    expect(screen.getByText('Refunded on').nextElementSibling).toHaveTextContent('(CancelledOrder)');
    expect(screen.queryByRole('button', { name: 'Refund' })).not.toBeInTheDocument();
  });

  it('gives the superuser the order without links into the manufacturer’s users, and the way back to its orders', async () => {
    open('/Orders/1', superuserSession);
    expect(await screen.findByRole('heading', { name: 'Order cs_1001' })).toBeInTheDocument();
    expect(screen.getByText(/buyer1@listener\.example/)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'buyer1@listener.example' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Orders' })).toHaveAttribute('href', '/ManufacturerOrders/7');
    expect(screen.queryByRole('button', { name: 'Show History' })).not.toBeInTheDocument();
  });

  it.each(['/Orders/99', '/Orders/abc'])('says there is no order at %s', async (url) => {
    open(url);
    expect(await screen.findByRole('alert')).toHaveTextContent(NO_SUCH_ORDER);
  });
});
