import { screen, waitFor } from '@testing-library/react';
import { ApiError } from 'shared-kit';
import { EMAIL_NOT_ASCII, EXTERNAL_ID_TOO_LONG } from 'shared-kit/contract';
import UsersRoutes from '../../../remote';
import {
  currentPath as currentLocation,
  deferred as deferredAnswer,
  renderPage,
  type FakeApiServer as FakeRoutes,
} from 'shared-kit/testing';

const EMPTY_LIST = {
  data: [],
  pagination: { records: { total: 0, per_page: 25 }, pages: { current: 1, previous: null, next: null, last: 1 } },
};

function renderAt(path: string, routes: FakeRoutes) {
  const server: FakeRoutes = (call) => (call.method === 'GET' && call.path === '/users' ? EMPTY_LIST : routes(call));
  return renderPage(<UsersRoutes />, { server, url: path, route: '/Home/*' });
}

const saved = (call: { body?: unknown }) => ({
  id: 5,
  manufacturer_id: 7,
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
  ...(call.body as object),
});

describe('Create New User', () => {
  it('has Email (required, email type) and an optional External ID, Create User and Cancel', () => {
    renderAt('/Home/CreateUser', () => undefined);
    expect(screen.getByRole('heading', { name: 'Create New User' })).toBeInTheDocument();
    const email = screen.getByRole('textbox', { name: 'Email' });
    expect(email).toHaveAttribute('type', 'email');
    expect(email).toBeRequired();
    expect(screen.getByRole('textbox', { name: 'External ID' })).not.toBeRequired();
    expect(screen.getByRole('button', { name: 'Create User' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeEnabled();
  });

  it('creates the user with a null external ID when it is left empty, then goes to the users list', async () => {
    const { user, calls, getByLabelText } = renderAt('/Home/CreateUser', (call) => saved(call));
    await user.type(screen.getByRole('textbox', { name: 'Email' }), ' new@listener.example ');
    await user.click(screen.getByRole('button', { name: 'Create User' }));
    await waitFor(() => expect(currentLocation({ getByLabelText })).toBe('/Home/Users'));
    expect(calls.find((call) => call.method === 'POST')).toEqual({
      method: 'POST',
      path: '/users',
      body: { email: 'new@listener.example', external_id: null },
    });
  });

  it('sends the external ID when one is given', async () => {
    const { user, calls } = renderAt('/Home/CreateUser', (call) => saved(call));
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'new@listener.example');
    await user.type(screen.getByRole('textbox', { name: 'External ID' }), 'crm-9');
    await user.click(screen.getByRole('button', { name: 'Create User' }));
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
        email: 'new@listener.example',
        external_id: 'crm-9',
      }),
    );
  });

  it('requires an email and a valid one, without calling the server', async () => {
    const { user, calls } = renderAt('/Home/CreateUser', () => undefined);
    await user.click(screen.getByRole('button', { name: 'Create User' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Email is required.');
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveAttribute('aria-invalid', 'true');
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'not an email');
    await user.click(screen.getByRole('button', { name: 'Create User' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Enter a valid email address, e.g. name@example.com.');
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
  });

  it('says why an address with non-ASCII letters and an over-long external ID are refused, in the words of the import', async () => {
    const { user, calls } = renderAt('/Home/CreateUser', () => undefined);
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'müller@example.com');
    await user.type(screen.getByRole('textbox', { name: 'External ID' }), 'x'.repeat(201));
    await user.click(screen.getByRole('button', { name: 'Create User' }));
    const alerts = screen.getAllByRole('alert').map((alert) => alert.textContent);
    expect(alerts).toEqual([EMAIL_NOT_ASCII, EXTERNAL_ID_TOO_LONG]);
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
  });

  it('shows a duplicate email clearly and stays on the form', async () => {
    const { user, getByLabelText } = renderAt('/Home/CreateUser', () => {
      throw new ApiError(409, ['A user with the email ada@listener.example already exists.']);
    });
    const log = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'ada@listener.example');
    await user.click(screen.getByRole('button', { name: 'Create User' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'A user with the email ada@listener.example already exists.',
    );
    expect(currentLocation({ getByLabelText })).toBe('/Home/CreateUser');
    expect(screen.getByRole('button', { name: 'Create User' })).toBeEnabled();
    log.mockRestore();
  });

  it('shows a general message when the server gives none', async () => {
    const { user } = renderAt('/Home/CreateUser', () => {
      throw new Error('socket hang up');
    });
    const log = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'ada@listener.example');
    await user.click(screen.getByRole('button', { name: 'Create User' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The user could not be saved. Please try again.');
    log.mockRestore();
  });

  it('cannot be sent twice while saving', async () => {
    const pending = deferredAnswer();
    const { user, calls, getByLabelText } = renderAt('/Home/CreateUser', () => pending.promise);
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'ada@listener.example');
    await user.click(screen.getByRole('button', { name: 'Create User' }));
    expect(screen.getByRole('button', { name: 'Create User' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Create User' }));
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1);
    pending.resolve({});
    await waitFor(() => expect(currentLocation({ getByLabelText })).toBe('/Home/Users'));
  });

  it('goes back to the users list on Cancel without saving', async () => {
    const { user, calls, getByLabelText } = renderAt('/Home/CreateUser', () => undefined);
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'ada@listener.example');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(currentLocation({ getByLabelText })).toBe('/Home/Users');
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
  });
});

describe('Edit User', () => {
  it('starts from the email and external ID in the address', () => {
    renderAt('/Home/EditUser/12/ada%40listener.example/crm%2F1', () => undefined);
    expect(screen.getByRole('heading', { name: 'Edit User' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveValue('ada@listener.example');
    expect(screen.getByRole('textbox', { name: 'External ID' })).toHaveValue('crm/1');
  });

  it('leaves External ID empty when the address has none', () => {
    renderAt('/Home/EditUser/12/ada@listener.example', () => undefined);
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveValue('ada@listener.example');
    expect(screen.getByRole('textbox', { name: 'External ID' })).toHaveValue('');
  });

  it('updates the user with PATCH and goes back to the users list', async () => {
    const { user, calls, getByLabelText } = renderAt('/Home/EditUser/12/ada@listener.example/crm-1', (call) =>
      saved(call),
    );
    const email = screen.getByRole('textbox', { name: 'Email' });
    await user.clear(email);
    await user.type(email, 'ada.lovelace@listener.example');
    await user.clear(screen.getByRole('textbox', { name: 'External ID' }));
    await user.click(screen.getByRole('button', { name: 'Update User' }));
    await waitFor(() => expect(currentLocation({ getByLabelText })).toBe('/Home/Users'));
    expect(calls.find((call) => call.method === 'PATCH')).toEqual({
      method: 'PATCH',
      path: '/users/12',
      body: { email: 'ada.lovelace@listener.example', external_id: null },
    });
  });

  it('requires the email', async () => {
    const { user, calls } = renderAt('/Home/EditUser/12/ada@listener.example', () => undefined);
    await user.clear(screen.getByRole('textbox', { name: 'Email' }));
    await user.click(screen.getByRole('button', { name: 'Update User' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Email is required.');
    expect(calls.filter((call) => call.method === 'PATCH')).toEqual([]);
  });

  it('shows the server’s message when the email belongs to another user', async () => {
    const { user } = renderAt('/Home/EditUser/12/ada@listener.example', () => {
      throw new ApiError(409, ['A user with the email grace@listener.example already exists.']);
    });
    const log = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const email = screen.getByRole('textbox', { name: 'Email' });
    await user.clear(email);
    await user.type(email, 'grace@listener.example');
    await user.click(screen.getByRole('button', { name: 'Update User' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'A user with the email grace@listener.example already exists.',
    );
    log.mockRestore();
  });

  it('explains an address that names no user instead of showing a form', () => {
    renderAt('/Home/EditUser/abc/ada@listener.example', () => undefined);
    expect(screen.getByRole('alert')).toHaveTextContent(
      'This address does not name a user. Open the user from the Users list.',
    );
    expect(screen.queryByRole('textbox', { name: 'Email' })).not.toBeInTheDocument();
  });
});
