import { screen, waitFor, within } from '@testing-library/react';
import { ApiError, type Product } from 'shared-kit';
import UsersRoutes from '../../../remote';
import {
  currentPath as currentLocation,
  deferred as deferredAnswer,
  renderPage,
  type RecordedApiCall as RecordedCall,
} from 'shared-kit/testing';

const product = (id: number, name: string, identifier: string | null) => ({ id, name, identifier }) as Product;
const PRODUCTS = [product(3, 'Aurora Reverb', 'com.aurora.reverb'), product(4, 'Aurora Legacy', null)];
const paged = (rows: Product[]) => ({
  data: rows,
  pagination: {
    records: { total: rows.length, per_page: 250 },
    pages: { current: 1, previous: null, next: null, last: 1 },
  },
});

function renderAddLicense({
  onCreate = () => ({ id: 1 }),
  products = () => paged(PRODUCTS),
  path = '/Home/CreateUserLicense/12/ada%40listener.example',
}: { onCreate?: (call: RecordedCall) => unknown; products?: () => unknown; path?: string } = {}) {
  const server = (call: RecordedCall) => {
    if (call.method === 'GET' && call.path === '/products') return products();
    if (call.method === 'POST' && call.path === '/users/12/licenses') return onCreate(call);
    if (call.method === 'GET' && call.path === '/users/12') return new Promise(() => undefined);
    throw new ApiError(404, ['Not found']);
  };
  return renderPage(<UsersRoutes />, {
    server,
    url: path,
    route: '/Home/*',
    services: { loadRemoteModule: () => new Promise(() => undefined) },
  });
}

describe('Add License', () => {
  it('shows the user’s email and ID, a product combo box and License Type NFR / Standard / Free (NFR first)', async () => {
    const { calls } = renderAddLicense();
    expect(screen.getByRole('heading', { name: 'Add License' })).toBeInTheDocument();
    expect(screen.getByText('User').nextElementSibling).toHaveTextContent('ada@listener.example');
    expect(screen.getByText('User ID').nextElementSibling).toHaveTextContent('12');
    expect(screen.getByRole('combobox', { name: 'Product' })).toBeInTheDocument();
    const type = screen.getByRole('combobox', { name: 'License Type' });
    expect(type).toHaveValue('NFR');
    expect(
      within(type)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['NFR', 'Standard', 'Free']);
    await waitFor(() =>
      expect(calls[0]).toEqual({ method: 'GET', path: '/products', query: { page: 1, per_page: 250 } }),
    );
  });

  it('lists the products as "name (identifier)", or the name alone when there is no identifier', async () => {
    const { user } = renderAddLicense();
    const combo = screen.getByRole('combobox', { name: 'Product' });
    await waitFor(() => expect(combo).toBeEnabled());
    await user.click(combo);
    expect(
      within(screen.getByRole('listbox'))
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Aurora Reverb (com.aurora.reverb)', 'Aurora Legacy']);
  });

  it('creates the licence with the chosen product and type, then goes to the user’s details', async () => {
    const { user, calls, getByLabelText } = renderAddLicense();
    const combo = screen.getByRole('combobox', { name: 'Product' });
    await waitFor(() => expect(combo).toBeEnabled());
    await user.type(combo, 'reverb');
    await user.click(screen.getByRole('option', { name: 'Aurora Reverb (com.aurora.reverb)' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'License Type' }), 'Standard');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(currentLocation({ getByLabelText })).toBe('/Home/UserDetails/12'));
    expect(calls.find((call) => call.method === 'POST')).toEqual({
      method: 'POST',
      path: '/users/12/licenses',
      body: { product_id: 3, license_type: 'Standard' },
    });
  });

  it('sends NFR by default', async () => {
    const { user, calls } = renderAddLicense();
    const combo = screen.getByRole('combobox', { name: 'Product' });
    await waitFor(() => expect(combo).toBeEnabled());
    await user.click(combo);
    await user.click(screen.getByRole('option', { name: 'Aurora Legacy' }));
    await user.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ product_id: 4, license_type: 'NFR' }),
    );
  });

  it('asks for a product from the list when none is chosen (or the typed text names none)', async () => {
    const { user, calls } = renderAddLicense();
    const combo = screen.getByRole('combobox', { name: 'Product' });
    await waitFor(() => expect(combo).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Choose a product from the list.');
    await user.type(combo, 'Not a product');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Choose a product from the list.');
    expect(combo).toHaveAttribute('aria-invalid', 'true');
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
  });

  it('disables Create while the licence is being created', async () => {
    const pending = deferredAnswer();
    const { user, calls, getByLabelText } = renderAddLicense({ onCreate: () => pending.promise });
    const combo = screen.getByRole('combobox', { name: 'Product' });
    await waitFor(() => expect(combo).toBeEnabled());
    await user.click(combo);
    await user.click(screen.getByRole('option', { name: 'Aurora Legacy' }));
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(screen.getByRole('button', { name: 'Create' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1);
    pending.resolve({ id: 1 });
    await waitFor(() => expect(currentLocation({ getByLabelText })).toBe('/Home/UserDetails/12'));
  });

  it('shows the server’s message when creating fails and stays on the form', async () => {
    const log = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const { user, getByLabelText } = renderAddLicense({
      onCreate: () => {
        throw new ApiError(404, ['Product not found']);
      },
    });
    const combo = screen.getByRole('combobox', { name: 'Product' });
    await waitFor(() => expect(combo).toBeEnabled());
    await user.click(combo);
    await user.click(screen.getByRole('option', { name: 'Aurora Legacy' }));
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Product not found');
    expect(screen.getByRole('button', { name: 'Create' })).toBeEnabled();
    expect(currentLocation({ getByLabelText })).toBe('/Home/CreateUserLicense/12/ada%40listener.example');
    log.mockRestore();
  });

  it('goes back to the user’s details on Cancel', async () => {
    const { user, calls, getByLabelText } = renderAddLicense();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(currentLocation({ getByLabelText })).toBe('/Home/UserDetails/12');
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
  });

  it('says when the products could not be loaded and retries', async () => {
    const log = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    let fail = true;
    const { user } = renderAddLicense({
      products: () => {
        if (fail) throw new ApiError(0, ['The server could not be reached.']);
        return paged(PRODUCTS);
      },
    });
    expect(await screen.findByText('The products could not be loaded.')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(screen.queryByText('The products could not be loaded.')).not.toBeInTheDocument());
    await user.click(screen.getByRole('combobox', { name: 'Product' }));
    expect(within(screen.getByRole('listbox')).getAllByRole('option')).toHaveLength(2);
    log.mockRestore();
  });

  it('explains an address that names no user', () => {
    renderAddLicense({ path: '/Home/CreateUserLicense/0/ada@listener.example' });
    expect(screen.getByRole('alert')).toHaveTextContent(
      'This address does not name a user. Open the user from the Users list.',
    );
  });
});
