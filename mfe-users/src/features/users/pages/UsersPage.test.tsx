import { screen, waitFor, within } from '@testing-library/react';
import type { EndUser, Query } from 'shared-kit';
import { UsersPage } from './UsersPage';
import { currentPath as currentLocation, linkTargets, renderPage, type FakeApiServer } from 'shared-kit/testing';
import { Route, Routes } from 'react-router';

const endUser = (id: number, email: string, externalId: string | null = null): EndUser => ({
  id,
  email,
  external_id: externalId,
  manufacturer_id: 7,
  created_at: '2026-03-05T10:30:00Z',
  updated_at: '2026-03-05T10:30:00Z',
});

const USERS = [endUser(1, 'ada@listener.example', 'crm/1'), endUser(2, 'grace@listener.example')];

function pageOf(rows: EndUser[], query: Query = {}) {
  const perPage = Number(query.per_page ?? 25);
  return {
    data: rows,
    pagination: {
      records: { total: 60, per_page: perPage },
      pages: { current: Number(query.page ?? 1), previous: null, next: 2, last: 3 },
    },
  };
}

function renderUsersPage(routes: (query: Query) => unknown = (query) => pageOf(USERS, query)) {
  const server: FakeApiServer = (call) => {
    if (call.method === 'GET' && call.path === '/users') return routes(call.query ?? {});
    throw new Error(`unexpected ${call.method} ${call.path}`);
  };
  return renderPage(
    <Routes>
      <Route path="Users" element={<UsersPage />} />
      <Route path="*" element={null} />
    </Routes>,
    { server, url: '/Home/Users', route: '/Home/*' },
  );
}

describe('UsersPage', () => {
  it('shows the title, the search box, New User and the columns ID, Email, Created At, Actions', async () => {
    renderUsersPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Users' })).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Search User by Email' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'New User' })).toHaveAttribute('href', '/Home/CreateUser');
    expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      'ID',
      'Email',
      'Created At',
      'Actions',
    ]);
    const row = (await screen.findByRole('cell', { name: 'ada@listener.example' })).closest('tr')!;
    expect(within(row).getByRole('cell', { name: '1' })).toBeInTheDocument();
    expect(within(row).getByText(/2026/)).toBeInTheDocument();
  });

  it('leads to the CSV import with the Import button', () => {
    renderUsersPage();
    expect(screen.getByRole('link', { name: 'Import' })).toHaveAttribute('href', '/Home/Users/Import');
  });

  it('loads the first page with 25 rows and shows a loading state first', async () => {
    const { calls } = renderUsersPage();
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    await screen.findByText('ada@listener.example');
    expect(calls[0].query).toEqual({ email: '', page: 1, per_page: 25 });
  });

  it('links each row to view, add licence and edit (with the external ID when there is one)', async () => {
    renderUsersPage();
    await screen.findByText('ada@listener.example');
    const links = {
      'View user ada@listener.example': '/Home/UserDetails/1',
      'Add license for ada@listener.example': '/Home/CreateUserLicense/1/ada%40listener.example',
      'Edit user ada@listener.example': '/Home/EditUser/1/ada%40listener.example/crm%2F1',
      'Edit user grace@listener.example': '/Home/EditUser/2/grace%40listener.example',
    };
    expect(linkTargets(links)).toEqual(links);
  });

  it('searches by email with the button, back to page 1, and clears the search', async () => {
    const { user, calls } = renderUsersPage();
    await screen.findByText('ada@listener.example');
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    await screen.findByRole('button', { name: 'Page 2', current: 'page' });
    await user.type(screen.getByRole('searchbox', { name: 'Search User by Email' }), ' grace ');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await screen.findByRole('button', { name: 'Page 1', current: 'page' });
    expect(calls.at(-1)?.query).toEqual({ email: 'grace', page: 1, per_page: 25 });
    await user.click(screen.getByRole('button', { name: 'Clear' }));
    expect(screen.getByRole('searchbox', { name: 'Search User by Email' })).toHaveValue('');
    await waitFor(() => expect(calls.at(-1)?.query).toEqual({ email: '', page: 1, per_page: 25 }));
  });

  it('changes the page size from the per-page dropdown', async () => {
    const { user, calls } = renderUsersPage();
    await screen.findByText('ada@listener.example');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Per page' }), '100');
    await screen.findByText('ada@listener.example');
    expect(calls.at(-1)?.query).toEqual({ email: '', page: 1, per_page: 100 });
  });

  it('says so when no user matches', async () => {
    renderUsersPage(() => ({
      data: [],
      pagination: { records: { total: 0, per_page: 25 }, pages: { current: 1, previous: null, next: null, last: 1 } },
    }));
    expect(await screen.findByText('No users found.')).toBeInTheDocument();
  });

  it('falls back to an empty list when loading fails, and logs it', async () => {
    const log = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    renderUsersPage(() => {
      throw new Error('offline');
    });
    expect(await screen.findByText('No users found.')).toBeInTheDocument();
    expect(screen.getByText('0 records')).toBeInTheDocument();
    expect(log).toHaveBeenCalled();
    log.mockRestore();
  });

  it('goes to the create page from New User', async () => {
    const { user, getByLabelText } = renderUsersPage();
    await user.click(screen.getByRole('link', { name: 'New User' }));
    expect(currentLocation({ getByLabelText })).toBe('/Home/CreateUser');
  });
});
