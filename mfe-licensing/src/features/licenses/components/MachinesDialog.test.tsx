import { screen, waitFor, within } from '@testing-library/react';
import { formatDate } from 'shared-kit';
import LicenseTable from './LicenseTable';
import { NO_MACHINES, MACHINES_NOT_LOADED } from './MachinesDialog';
import { machineState } from './machine-state';
import { apiError, deferred, renderPage } from 'shared-kit/testing';
import {
  endUser,
  fakeLicensingServer,
  license,
  machine,
  type FakeLicensingState,
} from '../../../shared/test-support/fake-licensing-server';

const ann = endUser(11, 'ann@listener.example');
const SERIAL = 'SER1A-BCDEF-GHJKM-NPQRS';

function renderTable(state: Partial<FakeLicensingState> = {}) {
  return renderPage(<LicenseTable source={{ productId: 1 }} />, {
    server: fakeLicensingServer({ users: [ann], licenses: [license(1, ann)], ...state }),
  });
}

async function openMachines(user: ReturnType<typeof renderTable>['user']) {
  await user.click(await screen.findByRole('button', { name: `Machines of license ${SERIAL}` }));
  return screen.findByRole('dialog', { name: `Machines of License ${SERIAL}` });
}

describe('Machines dialog', () => {
  it("lists the licence's machines with their activations and state", async () => {
    const machines = [
      machine(1, 'HWFP2-AAAA'),
      machine(2, 'HWFP2-BBBB', { deactivated_at: '2026-02-25T10:00:00Z', deactivated_by: 'client' }),
      machine(3, 'HWFP2-CCCC', { deactivated_at: '2026-02-26T10:00:00Z', deactivated_by: 'staff' }),
    ];
    const { user, calls } = renderTable({ machines: { 1: machines } });
    const dialog = await openMachines(user);
    const rows = await within(dialog).findAllByRole('row');
    const [, active, byCustomer, byStaff] = rows;
    expect(within(active).getByText('HWFP2-AAAA')).toBeInTheDocument();
    expect(within(active).getByText('Active')).toBeInTheDocument();
    expect(within(active).getByText(formatDate('2026-02-03T08:00:00Z'))).toBeInTheDocument();
    expect(within(active).getByText(formatDate('2026-02-20T16:45:00Z'))).toBeInTheDocument();
    expect(within(active).getByRole('button', { name: 'Deactivate machine HWFP2-AAAA' })).toBeInTheDocument();
    expect(
      within(byCustomer).getByText(`Deactivated (by customer) on ${formatDate('2026-02-25T10:00:00Z')}`),
    ).toBeInTheDocument();
    expect(
      within(byStaff).getByText(`Deactivated (by staff) on ${formatDate('2026-02-26T10:00:00Z')}`),
    ).toBeInTheDocument();
    expect(within(byCustomer).queryByRole('button')).not.toBeInTheDocument();
    expect(within(byStaff).queryByRole('button')).not.toBeInTheDocument();
    expect(calls).toContainEqual({ method: 'GET', path: '/licenses/1/machines' });
  });

  it('names a machine by the name its plugin reported, its fingerprint below, and in the deactivation', async () => {
    const machines = [machine(1, 'HWFP2-AAAA', { name: 'Studio Mac' }), machine(2, 'HWFP2-BBBB')];
    const { user } = renderTable({ machines: { 1: machines } });
    const dialog = await openMachines(user);
    expect(within(dialog).getByRole('columnheader', { name: 'Machine' })).toBeInTheDocument();
    const [, named, unnamed] = await within(dialog).findAllByRole('row');
    expect(within(named).getByText('Studio Mac')).toBeInTheDocument();
    expect(within(named).getByText('HWFP2-AAAA')).toBeInTheDocument();
    expect(within(unnamed).getByText('HWFP2-BBBB')).toBeInTheDocument();
    await user.click(within(named).getByRole('button', { name: 'Deactivate machine Studio Mac (HWFP2-AAAA)' }));
    const confirm = await screen.findByRole('dialog', { name: 'Deactivate Machine' });
    expect(
      within(confirm).getByText(/The license stops working on the machine Studio Mac \(HWFP2-AAAA\)/),
    ).toBeInTheDocument();
  });

  it('deactivates a machine after confirmation and shows the refreshed list', async () => {
    const { user, calls } = renderTable({ machines: { 1: [machine(1, 'HWFP2-AAAA'), machine(2, 'HWFP2-BBBB')] } });
    const dialog = await openMachines(user);
    await user.click(await within(dialog).findByRole('button', { name: 'Deactivate machine HWFP2-AAAA' }));
    const confirm = await screen.findByRole('dialog', { name: 'Deactivate Machine' });
    await user.click(within(confirm).getByRole('button', { name: 'Deactivate machine' }));

    const refreshed = await screen.findByRole('dialog', { name: `Machines of License ${SERIAL}` });
    expect(
      await within(refreshed).findByText(`Deactivated (by staff) on ${formatDate('2026-03-06T12:00:00Z')}`),
    ).toBeInTheDocument();
    expect(within(refreshed).queryByRole('button', { name: 'Deactivate machine HWFP2-AAAA' })).not.toBeInTheDocument();
    expect(within(refreshed).getByRole('button', { name: 'Deactivate machine HWFP2-BBBB' })).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([
      { method: 'POST', path: '/licenses/1/machines/1/deactivate', body: {} },
    ]);
    expect(calls.filter((call) => call.path === '/licenses/1/machines')).toHaveLength(2);
  });

  it('sends nothing when the confirmation is cancelled', async () => {
    const { user, calls } = renderTable({ machines: { 1: [machine(1, 'HWFP2-AAAA')] } });
    const dialog = await openMachines(user);
    await user.click(await within(dialog).findByRole('button', { name: 'Deactivate machine HWFP2-AAAA' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Deactivate Machine' })).getByRole('button', { name: 'Cancel' }),
    );
    const back = await screen.findByRole('dialog', { name: `Machines of License ${SERIAL}` });
    expect(within(back).getByText('Active')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
  });

  it("shows the server's message when the machine was already deactivated, and the fresh state", async () => {
    const state: FakeLicensingState = {
      users: [ann],
      licenses: [license(1, ann)],
      machines: { 1: [machine(1, 'HWFP2-AAAA')] },
    };
    const { user, showError } = renderPage(<LicenseTable source={{ productId: 1 }} />, {
      server: fakeLicensingServer(state),
    });
    const dialog = await openMachines(user);
    await within(dialog).findByText('Active');
    // Deactivated by the customer meanwhile.
    state.machines![1] = [
      machine(1, 'HWFP2-AAAA', { deactivated_at: '2026-03-01T10:00:00Z', deactivated_by: 'client' }),
    ];
    await user.click(within(dialog).getByRole('button', { name: 'Deactivate machine HWFP2-AAAA' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Deactivate Machine' })).getByRole('button', {
        name: 'Deactivate machine',
      }),
    );
    await waitFor(() => expect(showError).toHaveBeenCalledWith('This machine is already deactivated.'));
    const refreshed = await screen.findByRole('dialog', { name: `Machines of License ${SERIAL}` });
    expect(
      await within(refreshed).findByText(`Deactivated (by customer) on ${formatDate('2026-03-01T10:00:00Z')}`),
    ).toBeInTheDocument();
  });

  it('shows loading, then the empty text', async () => {
    const answer = deferred<unknown>();
    const { user } = renderTable({
      override: (call) => (call.path === '/licenses/1/machines' ? answer.promise : undefined),
    });
    const dialog = await openMachines(user);
    expect(within(dialog).getByText('Loading...')).toBeInTheDocument();
    answer.resolve([]);
    expect(await within(dialog).findByText(NO_MACHINES)).toBeInTheDocument();
    expect(NO_MACHINES).toBe('This license is not activated on any machine.');
  });

  it('says so when the machines cannot be loaded', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const { user } = renderTable({
      override: (call) => (call.path === '/licenses/1/machines' ? Promise.reject(apiError(500, 'boom')) : undefined),
    });
    const dialog = await openMachines(user);
    expect(await within(dialog).findByText(MACHINES_NOT_LOADED)).toBeInTheDocument();
    expect(within(dialog).queryByText(NO_MACHINES)).not.toBeInTheDocument();
    jest.restoreAllMocks();
  });

  it('closes with Close', async () => {
    const { user } = renderTable({ machines: { 1: [] } });
    const dialog = await openMachines(user);
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});

describe('machine state', () => {
  it('names who deactivated the machine and when', () => {
    expect(machineState(machine(1, 'x'))).toBe('Active');
    expect(machineState(machine(1, 'x', { deactivated_at: '2026-02-25T10:00:00Z', deactivated_by: 'staff' }))).toBe(
      `Deactivated (by staff) on ${formatDate('2026-02-25T10:00:00Z')}`,
    );
    expect(machineState(machine(1, 'x', { deactivated_at: '2026-02-25T10:00:00Z', deactivated_by: 'client' }))).toBe(
      `Deactivated (by customer) on ${formatDate('2026-02-25T10:00:00Z')}`,
    );
  });
});

describe('Machines dialog: the licence terms', () => {
  it('shows the edition, expiry and maintenance end of a licence with a policy, above its machines', async () => {
    const { user } = renderTable({
      terms: {
        1: {
          license_id: 1,
          edition: { id: 4, name: 'Pro', features: ['stems', 'surround'] },
          expires_at: '2027-03-01T00:00:00.000Z',
          grace_days: 14,
          expired: false,
          maintenance_months: 12,
          maintenance_ends_at: '2027-02-01T00:00:00.000Z',
        },
      },
    });
    const dialog = await openMachines(user);
    const terms = await within(dialog).findByRole('list', { name: 'License terms' });
    expect(
      within(terms)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Edition: Pro (stems, surround)',
      `Expires: ${formatDate('2027-03-01T00:00:00.000Z')} (14 days' grace)`,
      `Updates until: ${formatDate('2027-02-01T00:00:00.000Z')}`,
    ]);
  });

  it('shows no terms for a licence without a policy', async () => {
    const { user, calls } = renderTable();
    const dialog = await openMachines(user);
    await waitFor(() => expect(calls).toContainEqual({ method: 'GET', path: '/licenses/1/terms' }));
    expect(within(dialog).queryByRole('list', { name: 'License terms' })).not.toBeInTheDocument();
  });
});
