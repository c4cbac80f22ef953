import { screen, waitFor, within } from '@testing-library/react';
import type { Trial } from 'shared-kit';
import LicensingRoutes from '../../../remote';
import { apiError, deferred, renderPage } from 'shared-kit/testing';
import { fakeLicensingServer, type FakeLicensingState } from '../../../shared/test-support/fake-licensing-server';

const trial = (id: number, fingerprint: string): Trial => ({
  id,
  hardware_fingerprint: fingerprint,
  created_at: '2026-02-03T08:00:00Z',
});

function renderTrials(
  state: FakeLicensingState = {
    users: [],
    licenses: [],
    trials: [trial(1, 'MAC-0001'), trial(2, 'MAC-0002'), trial(3, 'WIN-0001')],
  },
) {
  return renderPage(<LicensingRoutes />, {
    server: fakeLicensingServer(state),
    url: '/ProductTrials/4/Aurora%20Reverb',
  });
}

describe('/Home/ProductTrials/{productID}/{productName}', () => {
  it('shows the title, the search and the columns of the trials page', async () => {
    const { calls } = renderTrials();
    expect(screen.getByRole('heading', { name: 'Trials for product: Aurora Reverb' })).toBeInTheDocument();
    expect(await screen.findByText('MAC-0001')).toBeInTheDocument();
    expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      'Hardware Fingerprint',
      'Created At',
      'Action',
    ]);
    expect(calls[0]).toEqual({
      method: 'GET',
      path: '/products/4/trials',
      query: { page: 1, per_page: 25, hardware_fingerprint: '' },
    });
  });

  it('searches trials by fingerprint', async () => {
    const { user, calls } = renderTrials();
    await screen.findByText('MAC-0001');
    await user.type(screen.getByRole('searchbox', { name: 'Search Trial by Fingerprint' }), 'win');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(screen.queryByText('MAC-0001')).not.toBeInTheDocument());
    expect(screen.getByText('WIN-0001')).toBeInTheDocument();
    expect(calls.at(-1)?.query).toMatchObject({ hardware_fingerprint: 'win', page: 1 });
  });

  it('removes a trial from the list at once when its delete icon is pressed', async () => {
    const pending = deferred<unknown>();
    const state: FakeLicensingState = { users: [], licenses: [], trials: [trial(1, 'MAC-0001'), trial(2, 'MAC-0002')] };
    const handler = fakeLicensingServer(state);
    state.override = (call) =>
      call.method === 'DELETE' ? pending.promise.then(() => handler({ ...call })) : undefined;
    const { user, calls } = renderTrials(state);
    const deleteButton = await screen.findByRole('button', { name: 'Delete trial MAC-0002' });
    expect(deleteButton.querySelector('svg[data-icon="trash"]')).not.toBeNull(); // the shared icon set's bin
    await user.click(deleteButton);
    expect(screen.queryByText('MAC-0002')).not.toBeInTheDocument();
    expect(screen.getByText('1 record')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'DELETE')).toEqual([
      { method: 'DELETE', path: '/products/4/trials/2' },
    ]);
    state.override = undefined;
    pending.resolve(undefined);
    await waitFor(() => expect(calls.filter((call) => call.method === 'GET')).toHaveLength(2));
    expect(screen.queryByText('MAC-0002')).not.toBeInTheDocument();
    expect(screen.getByText('MAC-0001')).toBeInTheDocument();
  });

  it('brings the trial back and says why when the server refuses', async () => {
    const state: FakeLicensingState = { users: [], licenses: [], trials: [trial(1, 'MAC-0001')] };
    state.override = (call) =>
      call.method === 'DELETE' ? Promise.reject(apiError(404, 'Trial not found')) : undefined;
    const { user, showError } = renderTrials(state);
    await user.click(await screen.findByRole('button', { name: 'Delete trial MAC-0001' }));
    await waitFor(() => expect(showError).toHaveBeenCalledWith('Trial not found'));
    expect(await screen.findByText('MAC-0001')).toBeInTheDocument();
  });

  it('says so when there are no trials', async () => {
    renderTrials({ users: [], licenses: [], trials: [] });
    expect(await screen.findByText('No trials found.')).toBeInTheDocument();
    expect(within(screen.getByRole('navigation', { name: 'Pagination' })).getByText('0 records')).toBeInTheDocument();
  });

  it('says a bad product ID is not valid', () => {
    renderPage(<LicensingRoutes />, {
      server: fakeLicensingServer({ users: [], licenses: [] }),
      url: '/ProductTrials/x/Aurora',
    });
    expect(screen.getByRole('alert')).toHaveTextContent('The product ID in the address is not valid.');
  });
});
