import { screen, waitFor, within } from '@testing-library/react';
import { formatDate, type LicenseLease } from 'shared-kit';
import { apiError, renderPage } from 'shared-kit/testing';
import LicenseTable from './LicenseTable';
import { NO_SEATS_IN_USE, SEATS_NOT_LOADED } from './LicenseSeats';
import {
  endUser,
  fakeLicensingServer,
  license,
  type FakeLicensingState,
} from '../../../shared/test-support/fake-licensing-server';

const ann = endUser(11, 'ann@listener.example');
const SERIAL = 'SER1A-BCDEF-GHJKM-NPQRS';

const lease = (id: string, fingerprint: string, extra: Partial<LicenseLease> = {}): LicenseLease => ({
  id,
  name: null,
  hardware_fingerprint: fingerprint,
  borrowed: false,
  checked_out_at: '2026-03-01T08:00:00.000Z',
  expires_at: '2026-03-01T08:15:00.000Z',
  ...extra,
});
const STUDIO = lease('5f0c1c56-1111-4111-8111-000000000001', 'HWFP2-STUDIO', { name: 'Studio Mac' });
const LAPTOP = lease('5f0c1c56-2222-4222-8222-000000000002', 'HWFP2-LAPTOP', {
  borrowed: true,
  expires_at: '2026-03-08T08:00:00.000Z',
});

function renderSeats(state: Partial<FakeLicensingState> = {}) {
  const server: FakeLicensingState = { users: [ann], licenses: [license(1, ann)], ...state };
  return { server, ...renderPage(<LicenseTable source={{ productId: 1 }} />, { server: fakeLicensingServer(server) }) };
}

async function openMachines(user: ReturnType<typeof renderSeats>['user']) {
  await user.click(await screen.findByRole('button', { name: `Machines of license ${SERIAL}` }));
  return screen.findByRole('dialog', { name: `Machines of License ${SERIAL}` });
}

describe('Machines dialog: the seats of a floating licence', () => {
  it('shows how many seats are in use and who holds them, since when, until when, borrowed until', async () => {
    const { user, calls } = renderSeats({ leases: { 1: { seats: 5, leases: [STUDIO, LAPTOP] } } });
    const dialog = await openMachines(user);
    expect(await within(dialog).findByRole('heading', { name: 'Seats: 2 of 5 in use' })).toBeInTheDocument();
    const table = within(dialog).getByRole('table', { name: `Seats in use of license ${SERIAL}` });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Machine', 'Since', 'Expires', 'Borrowed Until', 'Actions']);
    const [, studio, laptop] = within(table).getAllByRole('row');
    expect(within(studio).getByText('Studio Mac')).toBeInTheDocument();
    expect(within(studio).getByText('HWFP2-STUDIO')).toBeInTheDocument();
    expect(within(studio).getAllByText(formatDate('2026-03-01T08:00:00.000Z'))).toHaveLength(2);
    expect(within(studio).getByText('Not borrowed')).toBeInTheDocument();
    expect(within(laptop).getAllByText(formatDate('2026-03-08T08:00:00.000Z'))).toHaveLength(2);
    expect(calls).toContainEqual({ method: 'GET', path: '/licenses/1/leases' });
  });

  it('releases a seat after confirmation and shows the refreshed list', async () => {
    const { user, calls } = renderSeats({ leases: { 1: { seats: 5, leases: [STUDIO, LAPTOP] } } });
    const dialog = await openMachines(user);
    await user.click(await within(dialog).findByRole('button', { name: 'Release seat of Studio Mac (HWFP2-STUDIO)' }));
    const confirm = await screen.findByRole('dialog', { name: 'Release Seat' });
    expect(within(confirm).getByText(/The seat held by Studio Mac \(HWFP2-STUDIO\) is freed at once/)).toBeVisible();
    await user.click(within(confirm).getByRole('button', { name: 'Release seat' }));

    const refreshed = await screen.findByRole('dialog', { name: `Machines of License ${SERIAL}` });
    expect(await within(refreshed).findByRole('heading', { name: 'Seats: 1 of 5 in use' })).toBeInTheDocument();
    expect(within(refreshed).queryByText('Studio Mac')).not.toBeInTheDocument();
    expect(within(refreshed).getByText('HWFP2-LAPTOP')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([
      { method: 'POST', path: `/licenses/1/leases/${STUDIO.id}/release`, body: {} },
    ]);
  });

  it('sends nothing when the release is cancelled', async () => {
    const { user, calls } = renderSeats({ leases: { 1: { seats: 5, leases: [STUDIO] } } });
    const dialog = await openMachines(user);
    await user.click(await within(dialog).findByRole('button', { name: 'Release seat of Studio Mac (HWFP2-STUDIO)' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Release Seat' })).getByRole('button', { name: 'Cancel' }),
    );
    const back = await screen.findByRole('dialog', { name: `Machines of License ${SERIAL}` });
    expect(within(back).getByText('Studio Mac')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
  });

  it("shows the server's message when the seat was already freed, and the fresh list", async () => {
    const { user, server, showError } = renderSeats({ leases: { 1: { seats: 5, leases: [STUDIO] } } });
    const dialog = await openMachines(user);
    await within(dialog).findByText('Studio Mac');
    server.leases![1] = { seats: 5, leases: [] };
    await user.click(within(dialog).getByRole('button', { name: 'Release seat of Studio Mac (HWFP2-STUDIO)' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Release Seat' })).getByRole('button', { name: 'Release seat' }),
    );
    await waitFor(() => expect(showError).toHaveBeenCalledWith('Lease not found'));
    const refreshed = await screen.findByRole('dialog', { name: `Machines of License ${SERIAL}` });
    expect(await within(refreshed).findByText(NO_SEATS_IN_USE)).toBeInTheDocument();
    expect(within(refreshed).getByRole('heading', { name: 'Seats: 0 of 5 in use' })).toBeInTheDocument();
  });

  it('shows no seats for a node-locked licence, and says so when they cannot be loaded', async () => {
    const nodeLocked = renderSeats();
    const dialog = await openMachines(nodeLocked.user);
    await waitFor(() => expect(nodeLocked.calls).toContainEqual({ method: 'GET', path: '/licenses/1/leases' }));
    expect(within(dialog).queryByRole('heading', { name: /^Seats:/ })).not.toBeInTheDocument();
    nodeLocked.unmount();

    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const failing = renderSeats({
      override: (call) => (call.path === '/licenses/1/leases' ? Promise.reject(apiError(500, 'boom')) : undefined),
    });
    const failed = await openMachines(failing.user);
    expect(await within(failed).findByText(SEATS_NOT_LOADED)).toBeInTheDocument();
    jest.restoreAllMocks();
  });
});
