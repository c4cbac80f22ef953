import { screen, waitFor, within } from '@testing-library/react';
import type { RecordedApiCall } from 'shared-kit/testing';
import LicenseTable from './LicenseTable';
import { apiError, DEACTIVATION_SUMMARY, licenseEvent, page, renderPage } from 'shared-kit/testing';
import { endUser, fakeLicensingServer, license } from '../../../shared/test-support/fake-licensing-server';
import { orderFixture, summaryOf } from '../../../shared/test-support/fake-orders-server';

const ann = endUser(11, 'ann@listener.example');
const SERIAL = 'SER1A-BCDEF-GHJKM-NPQRS';
const history = page([licenseEvent(9, 1)]);
const noHistory = (call: RecordedApiCall) => (call.path === '/audit-events' ? history : undefined);

describe("A licence's History (row action)", () => {
  it("opens the licence's history in a dialog, in words, and closes", async () => {
    const { user, calls } = renderPage(<LicenseTable source={{ productId: 1 }} />, {
      server: fakeLicensingServer({
        users: [ann],
        licenses: [license(1, ann)],
        override: (call) => (call.path === '/audit-events' ? history : undefined),
      }),
    });
    await user.click(await screen.findByRole('button', { name: `History of license ${SERIAL}` }));
    const dialog = await screen.findByRole('dialog', { name: `History of License ${SERIAL}` });
    expect(await within(dialog).findByText(DEACTIVATION_SUMMARY)).toBeInTheDocument();
    expect(within(dialog).getByText('staff@aurora-audio.example')).toBeInTheDocument();
    expect(calls.find((call) => call.path === '/audit-events')?.query).toMatchObject({
      object_type: 'license',
      object_id: 1,
    });
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('names the order the licence came from, linked to the order’s page', async () => {
    const order = summaryOf(orderFixture(5, { external_order_id: 'cs_live_42' }));
    const { user } = renderPage(<LicenseTable source={{ productId: 1 }} />, {
      server: fakeLicensingServer({
        users: [ann],
        licenses: [license(1, ann)],
        orders: { 1: order },
        override: noHistory,
      }),
    });
    await user.click(await screen.findByRole('button', { name: `History of license ${SERIAL}` }));
    const dialog = await screen.findByRole('dialog', { name: `History of License ${SERIAL}` });
    expect(await within(dialog).findByRole('link', { name: 'Order cs_live_42' })).toHaveAttribute('href', '/Orders/5');
  });

  it.each([
    ['a licence made another way', undefined],
    ['a licence the server no longer finds', () => Promise.reject(apiError(404, 'License not found'))],
  ])('shows no order, and no error, for %s', async (_case, answer) => {
    const { user, calls } = renderPage(<LicenseTable source={{ productId: 1 }} />, {
      server: fakeLicensingServer({
        users: [ann],
        licenses: [license(1, ann)],
        override: (call) => (call.path === '/licenses/1/order' && answer ? answer() : noHistory(call)),
      }),
    });
    await user.click(await screen.findByRole('button', { name: `History of license ${SERIAL}` }));
    const dialog = await screen.findByRole('dialog', { name: `History of License ${SERIAL}` });
    await waitFor(() => expect(calls.some((call) => call.path === '/licenses/1/order')).toBe(true));
    await within(dialog).findByText(DEACTIVATION_SUMMARY);
    expect(within(dialog).queryByRole('link', { name: /^Order/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('offers Export CSV of the searched licences', async () => {
    renderPage(<LicenseTable source={{ productId: 1 }} />, {
      server: fakeLicensingServer({ users: [ann], licenses: [license(1, ann)] }),
    });
    expect(await screen.findByRole('button', { name: 'Export CSV' })).toBeEnabled();
  });
});
