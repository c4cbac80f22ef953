import { screen, waitFor, within } from '@testing-library/react';
import LicenseTable from './LicenseTable';
import { renderPage, apiError, deferred } from 'shared-kit/testing';
import {
  endUser,
  fakeLicensingServer,
  license,
  type FakeLicensingState,
} from '../../../shared/test-support/fake-licensing-server';

// Every date cell sits in a <Profiler> (its onRender runs for each commit in which it rendered), so a test can
// tell whether the rows' cells rendered again; the cell itself is the real one.
const mockCellRenders: string[] = [];
jest.mock('./DateTimeCell', () => {
  const { createElement, Profiler } = jest.requireActual<typeof import('react')>('react');
  const actual = jest.requireActual<typeof import('./DateTimeCell')>('./DateTimeCell');
  return {
    DateTimeCell: (props: { value: string }) =>
      createElement(
        Profiler,
        { id: props.value, onRender: (id: string) => mockCellRenders.push(id) },
        createElement(actual.DateTimeCell, props),
      ),
  };
});

// Every kit checkbox (the rows' selection boxes and Deactivated boxes) sits in a <Profiler> named by its label: a
// render of a row shows as a render of its selection box.
const mockBoxRenders: string[] = [];
jest.mock('../../../../../shared-kit/src/ui/Checkbox', () => {
  const { createElement, Profiler } = jest.requireActual<typeof import('react')>('react');
  const actual = jest.requireActual<typeof import('shared-kit')>('../../../../../shared-kit/src/ui/Checkbox');
  return {
    ...actual,
    Checkbox: (props: import('shared-kit').CheckboxProps) =>
      createElement(
        Profiler,
        { id: props['aria-label'] ?? 'checkbox', onRender: (id: string) => mockBoxRenders.push(id) },
        createElement(actual.Checkbox, props),
      ),
  };
});

/** The rows' boxes (selection and Deactivated) that rendered, each once; Select All in the header is not a row's. */
const rowBoxesRendered = () => [...new Set(mockBoxRenders.filter((id) => id !== 'Select All'))];

const ann = endUser(11, 'ann@listener.example');
const bob = endUser(12, 'bob@listener.example');
const cy = endUser(13, 'cy@listener.example');

function world(): FakeLicensingState {
  return {
    users: [ann, bob, cy],
    licenses: [
      license(1, ann, 1, { license_type: 'NFR' }),
      license(2, bob, 1),
      license(3, cy, 1, { disabled: true, disabled_reason: 'FraudulentUse', license_type: 'Free' }),
      license(4, ann, 2),
    ],
  };
}

function renderProductTable(state = world()) {
  const view = renderPage(<LicenseTable source={{ productId: 1 }} />, {
    server: fakeLicensingServer(state),
    url: '/ProductLicenses/1/Aurora%20Reverb/com.aurora.reverb',
  });
  return { ...view, state };
}

/** The columns both views show after their own. */
const LICENSE_COLUMNS = ['Email', 'Type', 'Serial', 'Deactivated', 'Created At', 'Updated At', 'Actions'];

const rowOf = (serialPart: string) => screen.getByRole('row', { name: new RegExp(serialPart) });
const patchCalls = (calls: { method: string; path: string; body?: unknown }[]) =>
  calls.filter((call) => call.method === 'PATCH');

describe('LicenseTable, product view', () => {
  it('shows the columns of the licence table and the licences of the product', async () => {
    const { calls } = renderProductTable();
    expect(await screen.findByText('ann@listener.example')).toBeInTheDocument();
    const headers = screen.getAllByRole('columnheader').map((header) => header.textContent);
    expect(headers).toEqual(['', 'ID', ...LICENSE_COLUMNS]);
    expect(screen.getAllByRole('row')).toHaveLength(4);
    expect(within(rowOf('SER3A')).getByText('FraudulentUse')).toBeInTheDocument();
    expect(within(rowOf('SER3A')).getByRole('checkbox', { name: 'Deactivated SER3A-BCDEF-GHJKM-NPQRS' })).toBeChecked();
    expect(
      within(rowOf('SER1A')).getByRole('checkbox', { name: 'Deactivated SER1A-BCDEF-GHJKM-NPQRS' }),
    ).not.toBeChecked();
    expect(calls[0]).toEqual({
      method: 'GET',
      path: '/products/1/licenses',
      query: { page: 1, per_page: 25, email: '' },
    });
    expect(screen.queryByText(/license\(s\) selected/)).not.toBeInTheDocument();
  });

  it('searches users by email', async () => {
    const { user, calls } = renderProductTable();
    await screen.findByText('ann@listener.example');
    await user.type(screen.getByRole('searchbox', { name: 'Search User by Email' }), 'BOB');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(screen.queryByText('ann@listener.example')).not.toBeInTheDocument());
    expect(screen.getByText('bob@listener.example')).toBeInTheDocument();
    expect(calls.at(-1)?.query).toMatchObject({ email: 'BOB', page: 1 });
  });

  it('selects all rows, shows the indeterminate state and the count', async () => {
    const { user } = renderProductTable();
    await screen.findByText('ann@listener.example');
    const selectAll = screen.getByRole('checkbox', { name: 'Select All' });
    await user.click(selectAll);
    expect(screen.getByText('3 license(s) selected')).toBeInTheDocument();
    for (const serial of ['SER1A', 'SER2A', 'SER3A'])
      expect(screen.getByRole('checkbox', { name: `Select row ${serial}-BCDEF-GHJKM-NPQRS` })).toBeChecked();
    await user.click(screen.getByRole('checkbox', { name: 'Select row SER2A-BCDEF-GHJKM-NPQRS' }));
    expect(selectAll).toHaveAttribute('aria-checked', 'mixed');
    expect(screen.getByText('2 license(s) selected')).toBeInTheDocument();
    await user.click(selectAll);
    expect(screen.getByText('3 license(s) selected')).toBeInTheDocument();
    await user.click(selectAll);
    expect(screen.queryByText(/license\(s\) selected/)).not.toBeInTheDocument();
  });

  it('deactivates the selected licences with the chosen reason and clears the selection', async () => {
    const { user, calls } = renderProductTable();
    await screen.findByText('ann@listener.example');
    await user.click(screen.getByRole('checkbox', { name: 'Select row SER1A-BCDEF-GHJKM-NPQRS' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select row SER2A-BCDEF-GHJKM-NPQRS' }));
    await user.click(screen.getByRole('button', { name: 'Deactivate Selected' }));
    const dialog = await screen.findByRole('dialog', { name: 'Deactivate 2 Licenses' });
    const reason = within(dialog).getByRole('combobox', { name: 'Reason for deactivation' });
    expect(reason).toHaveValue('DuplicateOrder');
    expect(
      within(reason)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Select a reason', 'DuplicateOrder', 'CancelledOrder', 'FraudulentUse']);
    await user.selectOptions(reason, 'CancelledOrder');
    await user.click(within(dialog).getByRole('button', { name: 'Deactivate' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(patchCalls(calls)).toEqual([
      {
        method: 'PATCH',
        path: '/licenses/bulk-update',
        body: { license_ids: [1, 2], disabled: true, disabled_reason: 'CancelledOrder' },
      },
    ]);
    expect(screen.queryByText(/license\(s\) selected/)).not.toBeInTheDocument();
    await waitFor(() => expect(within(rowOf('SER1A')).getByRole('checkbox', { name: /^Deactivated/ })).toBeChecked());
    expect(within(rowOf('SER2A')).getByText('CancelledOrder')).toBeInTheDocument();
  });

  it('needs a reason for a bulk deactivation', async () => {
    const { user, calls } = renderProductTable();
    await screen.findByText('ann@listener.example');
    await user.click(screen.getByRole('checkbox', { name: 'Select All' }));
    await user.click(screen.getByRole('button', { name: 'Deactivate Selected' }));
    const dialog = await screen.findByRole('dialog');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Reason for deactivation' }), '');
    await user.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Please select a reason for deactivation');
    expect(within(dialog).getByRole('combobox')).toHaveAttribute('aria-invalid', 'true');
    expect(patchCalls(calls)).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.getByText('3 license(s) selected')).toBeInTheDocument();
  });

  it('activates the selected licences with a null reason and clears the selection', async () => {
    const { user, calls } = renderProductTable();
    await screen.findByText('ann@listener.example');
    await user.click(screen.getByRole('checkbox', { name: 'Select row SER3A-BCDEF-GHJKM-NPQRS' }));
    await user.click(screen.getByRole('button', { name: 'Activate Selected' }));
    await waitFor(() => expect(screen.queryByText(/license\(s\) selected/)).not.toBeInTheDocument());
    expect(patchCalls(calls)).toEqual([
      {
        method: 'PATCH',
        path: '/licenses/bulk-update',
        body: { license_ids: [3], disabled: false, disabled_reason: null },
      },
    ]);
    await waitFor(() =>
      expect(within(rowOf('SER3A')).getByRole('checkbox', { name: /^Deactivated/ })).not.toBeChecked(),
    );
  });

  it.each([
    ['with the server message', apiError(404, 'License not found: 2'), 'License not found: 2'],
    ['with the fallback text when the server says nothing', apiError(500), 'An error occurred'],
    ['with the fallback text for any other failure', new Error('network'), 'An error occurred'],
  ])('shows a failed bulk update in the error dialog %s, and keeps the selection', async (_label, failure, message) => {
    const state = world();
    state.override = (call) => (call.path === '/licenses/bulk-update' ? Promise.reject(failure) : undefined);
    const { user, showError } = renderProductTable(state);
    await screen.findByText('ann@listener.example');
    await user.click(screen.getByRole('checkbox', { name: 'Select row SER2A-BCDEF-GHJKM-NPQRS' }));
    await user.click(screen.getByRole('button', { name: 'Activate Selected' }));
    await waitFor(() => expect(showError).toHaveBeenCalledWith(message));
    expect(screen.getByText('1 license(s) selected')).toBeInTheDocument();
  });

  it('disables the bulk buttons while a bulk update runs', async () => {
    const pending = deferred<unknown>();
    const state = world();
    state.override = (call) => (call.path === '/licenses/bulk-update' ? pending.promise : undefined);
    const { user } = renderProductTable(state);
    await screen.findByText('ann@listener.example');
    await user.click(screen.getByRole('checkbox', { name: 'Select row SER2A-BCDEF-GHJKM-NPQRS' }));
    await user.click(screen.getByRole('button', { name: 'Activate Selected' }));
    expect(screen.getByRole('button', { name: 'Activate Selected' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Deactivate Selected' })).toBeDisabled();
    pending.resolve({ data: [] });
    await waitFor(() => expect(screen.queryByText(/license\(s\) selected/)).not.toBeInTheDocument());
  });

  it('asks for a reason when Deactivated is ticked, and sends nothing on Cancel', async () => {
    const { user, calls } = renderProductTable();
    await screen.findByText('ann@listener.example');
    const deactivated = within(rowOf('SER1A')).getByRole('checkbox', { name: /^Deactivated/ });
    await user.click(deactivated);
    let dialog = await screen.findByRole('dialog', { name: 'Deactivate License' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(deactivated).not.toBeChecked();
    expect(patchCalls(calls)).toEqual([]);

    await user.click(deactivated);
    dialog = await screen.findByRole('dialog', { name: 'Deactivate License' });
    await user.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    await waitFor(() => expect(within(rowOf('SER1A')).getByRole('checkbox', { name: /^Deactivated/ })).toBeChecked());
    expect(patchCalls(calls)).toEqual([
      { method: 'PATCH', path: '/licenses/1', body: { disabled: true, disabled_reason: 'DuplicateOrder' } },
    ]);
  });

  it('activates a licence at once with a null reason when Deactivated is unticked', async () => {
    const { user, calls } = renderProductTable();
    await screen.findByText('ann@listener.example');
    await user.click(within(rowOf('SER3A')).getByRole('checkbox', { name: /^Deactivated/ }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() =>
      expect(within(rowOf('SER3A')).getByRole('checkbox', { name: /^Deactivated/ })).not.toBeChecked(),
    );
    expect(patchCalls(calls)).toEqual([
      { method: 'PATCH', path: '/licenses/3', body: { disabled: false, disabled_reason: null } },
    ]);
    expect(within(rowOf('SER3A')).queryByText('FraudulentUse')).not.toBeInTheDocument();
  });

  it('shows a failed single change in the error dialog', async () => {
    const state = world();
    state.override = (call) =>
      call.method === 'PATCH' ? Promise.reject(apiError(404, 'License not found')) : undefined;
    const { user, showError } = renderProductTable(state);
    await screen.findByText('ann@listener.example');
    await user.click(within(rowOf('SER3A')).getByRole('checkbox', { name: /^Deactivated/ }));
    await waitFor(() => expect(showError).toHaveBeenCalledWith('License not found'));
  });

  it('transfers a licence to the chosen user; the owner email changes', async () => {
    const { user, calls } = renderProductTable();
    await screen.findByText('ann@listener.example');
    await user.click(screen.getByRole('button', { name: 'Transfer license SER1A-BCDEF-GHJKM-NPQRS' }));
    const dialog = await screen.findByRole('dialog', { name: 'Transfer License' });
    const ok = within(dialog).getByRole('button', { name: 'OK' });
    expect(ok).toBeDisabled();
    await within(dialog).findByRole('radio', { name: 'bob@listener.example' });
    expect(calls.find((call) => call.path === '/users')?.query).toEqual({ email: '', page: 1, per_page: 100 });
    expect(within(dialog).getByRole('radio', { name: 'ann@listener.example (current owner)' })).toBeDisabled();

    await user.type(within(dialog).getByRole('searchbox', { name: 'Search User by Email' }), 'cy');
    await user.click(within(dialog).getByRole('button', { name: 'Search' }));
    await waitFor(() =>
      expect(within(dialog).queryByRole('radio', { name: 'bob@listener.example' })).not.toBeInTheDocument(),
    );
    await user.click(within(dialog).getByRole('radio', { name: 'cy@listener.example' }));
    expect(ok).toBeEnabled();
    await user.click(ok);

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(patchCalls(calls)).toEqual([
      { method: 'PATCH', path: '/licenses/1', body: { user_id: 13, email: 'cy@listener.example' } },
    ]);
    await waitFor(() => expect(within(rowOf('SER1A')).getByText('cy@listener.example')).toBeInTheDocument());
  });

  it('keeps the transfer dialog open with the reason when the transfer fails', async () => {
    const state = world();
    state.override = (call) =>
      call.method === 'PATCH'
        ? Promise.reject(
            apiError(409, 'The license already belongs to this user: choose another user to transfer it to.'),
          )
        : undefined;
    const { user } = renderProductTable(state);
    await screen.findByText('ann@listener.example');
    await user.click(screen.getByRole('button', { name: 'Transfer license SER1A-BCDEF-GHJKM-NPQRS' }));
    const dialog = await screen.findByRole('dialog', { name: 'Transfer License' });
    await user.click(await within(dialog).findByRole('radio', { name: 'bob@listener.example' }));
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('The license already belongs to this user');
    expect(within(dialog).getByRole('button', { name: 'OK' })).toBeEnabled();
  });

  it('says so when there are no licences, or they could not be loaded', async () => {
    renderProductTable({ users: [], licenses: [] });
    expect(await screen.findByText('No licenses found.')).toBeInTheDocument();
  });

  it('falls back to an empty list when loading fails', async () => {
    const state = world();
    state.override = (call) => (call.method === 'GET' ? Promise.reject(apiError(500)) : undefined);
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    renderProductTable(state);
    expect(await screen.findByText('The licenses could not be loaded.')).toBeInTheDocument();
    expect(screen.getByText('0 records')).toBeInTheDocument();
  });
});

describe('LicenseTable, user view', () => {
  function renderUserTable(state = world()) {
    return renderPage(<LicenseTable source={{ userId: ann.id }} />, {
      server: fakeLicensingServer(state),
      url: '/UserDetails/11',
    });
  }

  it('adds Product Series, Product Identifier and Product Name and has no email search', async () => {
    const { calls } = renderUserTable();
    expect(await screen.findByText('Aurora Drums')).toBeInTheDocument();
    expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      '',
      'ID',
      'Product Series',
      'Product Identifier',
      'Product Name',
      ...LICENSE_COLUMNS,
    ]);
    expect(within(rowOf('SER4A')).getByText('com.aurora.drums')).toBeInTheDocument();
    expect(within(rowOf('SER4A')).getByText('Engine')).toBeInTheDocument();
    expect(screen.queryByRole('searchbox')).not.toBeInTheDocument();
    expect(calls[0]).toEqual({
      method: 'GET',
      path: '/users/11/licenses',
      query: { page: 1, per_page: 25, email: undefined },
    });
  });

  it('drops a transferred licence from the list', async () => {
    const { user } = renderUserTable();
    await screen.findByText('Aurora Drums');
    await user.click(screen.getByRole('checkbox', { name: 'Select row SER4A-BCDEF-GHJKM-NPQRS' }));
    await user.click(screen.getByRole('button', { name: 'Transfer license SER4A-BCDEF-GHJKM-NPQRS' }));
    const dialog = await screen.findByRole('dialog', { name: 'Transfer License' });
    await user.click(await within(dialog).findByRole('radio', { name: 'bob@listener.example' }));
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByText('Aurora Drums')).not.toBeInTheDocument());
    expect(screen.getAllByRole('row')).toHaveLength(2);
    expect(screen.queryByText(/license\(s\) selected/)).not.toBeInTheDocument();
  });
});

// The Table's own test covers 250 rows; here a full first page is enough to show the licence table keeps its
// columns and rows stable, so the Table can skip the rows' cells.
describe('LicenseTable selection and re-renders', () => {
  async function showFullPage() {
    const view = renderProductTable({
      users: [ann],
      licenses: Array.from({ length: 30 }, (_, index) => license(index + 1, ann, 1)),
    });
    expect(await screen.findAllByLabelText(/^Select row /)).toHaveLength(25);
    mockCellRenders.length = 0;
    mockBoxRenders.length = 0;
    return view;
  }

  it("renders no row's cells again when one row is ticked", async () => {
    const { user } = await showFullPage();
    await user.click(screen.getByLabelText('Select row SER12A-BCDEF-GHJKM-NPQRS'));
    expect(screen.getByText('1 license(s) selected')).toBeInTheDocument();
    expect(mockCellRenders).toEqual([]);
  });

  it('renders only the ticked row, and when another row is ticked only that one', async () => {
    const { user } = await showFullPage();
    await user.click(screen.getByLabelText('Select row SER12A-BCDEF-GHJKM-NPQRS'));
    expect(rowBoxesRendered()).toEqual(['Select row SER12A-BCDEF-GHJKM-NPQRS']);

    mockBoxRenders.length = 0;
    await user.click(screen.getByLabelText('Select row SER7A-BCDEF-GHJKM-NPQRS'));
    expect(screen.getByText('2 license(s) selected')).toBeInTheDocument();
    expect(rowBoxesRendered()).toEqual(['Select row SER7A-BCDEF-GHJKM-NPQRS']);
  });

  it("renders no row's cells again when all are selected, and checks every row", async () => {
    const { user } = await showFullPage();
    await user.click(screen.getByLabelText('Select All'));
    expect(screen.getByText('25 license(s) selected')).toBeInTheDocument();
    screen.getAllByLabelText(/^Select row /).forEach((box) => expect(box).toBeChecked());
    expect(mockCellRenders).toEqual([]);
    expect(mockBoxRenders.filter((id) => id.startsWith('Deactivated '))).toEqual([]);
  });
});
