import { act, screen, waitFor, within } from '@testing-library/react';
import { apiError, manufacturerSession, notFound, page, type RecordedApiCall } from 'shared-kit/testing';
import { renderCatalog } from '../../../shared/test-support/render-catalog';
import { makeProduct } from '../../../shared/test-support/fixtures';

const engine = makeProduct({ id: 4, name: 'Synth Engine', type: 'PluginOnly', identifier: 'com.aurora.engine' });
const drums = makeProduct({ id: 6, name: 'Drum Engine', type: 'PluginOnly', identifier: null });
const reverb = makeProduct({ id: 1, name: 'Aurora Reverb', type: 'Full', upgrade_id: 'rev-1' });

function server(extra: (call: RecordedApiCall) => unknown = (call) => Promise.reject(notFound(call))) {
  return (call: RecordedApiCall) => {
    if (call.method === 'GET' && call.path === '/products' && call.query?.type === 'PluginOnly')
      return page([engine, drums], { perPage: 100 });
    if (call.method === 'GET' && call.path === '/products') return page([]);
    if (call.method === 'GET' && call.path === '/products/1') return reverb;
    return extra(call);
  };
}

describe('Create Product', () => {
  it('shows a role that may not create products the reason instead of the form, and loads nothing', () => {
    const { calls } = renderCatalog('/Home/CreateProduct', server(), { ...manufacturerSession, staff_role: 'support' });
    expect(screen.getByRole('heading', { name: 'Create Product' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Your role (Support) cannot create or edit products, features, editions or licence policies.',
    );
    expect(screen.getByRole('link', { name: 'Back to My Products' })).toHaveAttribute('href', '/Home/MyProducts');
    expect(screen.queryByLabelText(/^Name/)).not.toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it('shows every field of the product form with help, the dependency choices, and the defaults', async () => {
    const { calls } = renderCatalog('/Home/CreateProduct', server());
    expect(screen.getByRole('heading', { name: 'Create Product' })).toBeInTheDocument();
    const labels = [
      'Type',
      'Name',
      'Plugin Name',
      'Dependency',
      'Identifier',
      'Trial Days',
      'Series',
      'Content Base Directory',
      'Tagline',
      'Product Page',
      'App Image',
      'Plugin Browser Logo',
      'Plugin Browser Moodshot',
      'App Featured',
      'App Sort Order',
      'App Sort Order Featured',
    ];
    for (const label of labels) {
      expect(screen.getByLabelText(new RegExp(`^${label}\\*?$`))).toBeInTheDocument();
      expect(screen.getByRole('button', { name: `Help: ${label}` })).toBeInTheDocument();
    }
    expect(screen.queryByLabelText('Public Key')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Deprecated')).not.toBeInTheDocument();
    expect(screen.getByLabelText(/^Type/)).toHaveValue('Full');
    expect(screen.getByLabelText(/^Trial Days/)).toHaveValue('0');
    expect(screen.getByLabelText(/^App Sort Order$/)).toHaveValue('1');
    expect(screen.getByLabelText(/^Dependency/)).toBeDisabled();
    expect(screen.getByLabelText(/^Content Base Directory/)).toBeDisabled();
    expect(await screen.findByRole('option', { name: 'Synth Engine (com.aurora.engine)' })).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'Drum Engine' })).toBeInTheDocument();
    expect(calls[0]).toEqual({
      method: 'GET',
      path: '/products',
      query: { type: 'PluginOnly', page: 1, per_page: 100 },
    });
  });

  it('shows the help text of a field in its info popup', async () => {
    const { user } = renderCatalog('/Home/CreateProduct', server());
    await user.click(screen.getByRole('button', { name: 'Help: Trial Days' }));
    expect(await screen.findByText('How many days a trial of the product runs. 0 means no trial.')).toBeInTheDocument();
  });

  it('enables the fields each type allows and clears them when the type changes', async () => {
    const { user } = renderCatalog('/Home/CreateProduct', server());
    await user.selectOptions(screen.getByLabelText(/^Type/), 'PluginOnly');
    await user.type(screen.getByLabelText(/^Content Base Directory/), 'Engine/Content');
    await user.selectOptions(screen.getByLabelText(/^Type/), 'ContentOnly');
    expect(screen.getByLabelText(/^Content Base Directory/)).toHaveValue('');
    expect(screen.getByLabelText(/^Content Base Directory/)).toBeDisabled();
    await screen.findByRole('option', { name: 'Synth Engine (com.aurora.engine)' });
    await user.selectOptions(screen.getByLabelText(/^Dependency/), '4');
    await user.selectOptions(screen.getByLabelText(/^Type/), 'Full');
    expect(screen.getByLabelText(/^Dependency/)).toHaveValue('');
    expect(screen.getByLabelText(/^Dependency/)).toBeDisabled();
  });

  it('says what is missing, focuses it, and sends nothing', async () => {
    const { user, calls } = renderCatalog('/Home/CreateProduct', server());
    await user.selectOptions(screen.getByLabelText(/^Type/), 'ContentOnly');
    await user.clear(screen.getByLabelText(/^Trial Days/));
    await user.type(screen.getByLabelText(/^Trial Days/), 'two weeks');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText('Name is required.')).toBeInTheDocument();
    expect(screen.getByText('Plugin Name is required.')).toBeInTheDocument();
    expect(screen.getByText('Dependency is required for a ContentOnly product.')).toBeInTheDocument();
    expect(screen.getByText('Trial Days must be a whole number from 0 to 3650.')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Name/)).toHaveFocus();
    expect(screen.getByLabelText(/^Name/)).toHaveAttribute('aria-invalid', 'true');
    expect(calls.filter((call) => call.method !== 'GET')).toEqual([]);
  });

  it('creates the product with empty fields omitted and numbers converted, then returns to My Products and confirms it with a link to the product', async () => {
    const { user, calls, currentPath } = renderCatalog(
      '/Home/CreateProduct',
      server((call) => (call.method === 'POST' ? makeProduct({ id: 9 }) : page([]))),
    );
    await user.selectOptions(screen.getByLabelText(/^Type/), 'ContentOnly');
    await user.type(screen.getByLabelText(/^Name/), 'Vintage Keys');
    await user.type(screen.getByLabelText(/^Plugin Name/), 'VintageKeys');
    await screen.findByRole('option', { name: 'Synth Engine (com.aurora.engine)' });
    await user.selectOptions(screen.getByLabelText(/^Dependency/), '4');
    await user.clear(screen.getByLabelText(/^Trial Days/));
    await user.type(screen.getByLabelText(/^Trial Days/), '30');
    await user.click(screen.getByLabelText('App Featured'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(currentPath()).toBe('/Home/MyProducts'));
    const saved = screen.getByRole('status', { name: '' });
    expect(saved).toHaveTextContent(`Product ${makeProduct({ id: 9 }).name} saved.`);
    expect(within(saved).getByRole('link', { name: `Open ${makeProduct({ id: 9 }).name}` })).toHaveAttribute(
      'href',
      '/Home/UpdateProduct/9',
    );
    expect(calls.find((call) => call.method === 'POST')).toEqual({
      method: 'POST',
      path: '/products',
      body: {
        type: 'ContentOnly',
        name: 'Vintage Keys',
        plugin_name: 'VintageKeys',
        dependency_id: 4,
        trial_days: 30,
        app_featured: true,
        app_sort_order: 1,
        app_sort_order_featured: 1,
        machine_limit: 3,
      },
    });
  });

  it("shows the server's first message in the error modal and keeps what was typed", async () => {
    const { user, showError, currentPath } = renderCatalog(
      '/Home/CreateProduct',
      server(() =>
        Promise.reject(apiError(409, "A product with the identifier 'com.aurora.reverb' already exists.", 'second')),
      ),
    );
    await user.type(screen.getByLabelText(/^Name/), 'Reverb');
    await user.type(screen.getByLabelText(/^Plugin Name/), 'Reverb');
    await user.type(screen.getByLabelText(/^Identifier/), 'com.aurora.reverb');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(showError).toHaveBeenCalledWith("A product with the identifier 'com.aurora.reverb' already exists."),
    );
    expect(currentPath()).toBe('/Home/CreateProduct');
    expect(screen.getByLabelText(/^Identifier/)).toHaveValue('com.aurora.reverb');
    expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled();
  });

  it('only logs a failure without a message', async () => {
    const consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const { user, showError } = renderCatalog(
      '/Home/CreateProduct',
      server(() => Promise.reject(new Error('boom'))),
    );
    await user.type(screen.getByLabelText(/^Name/), 'Reverb');
    await user.type(screen.getByLabelText(/^Plugin Name/), 'Reverb');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(consoleError).toHaveBeenCalledWith('Saving failed:', expect.any(Error)));
    expect(showError).not.toHaveBeenCalled();
    consoleError.mockRestore();
  });

  it('returns to My Products with Cancel', async () => {
    const { user, currentPath } = renderCatalog('/Home/CreateProduct', server());
    await user.click(screen.getByRole('link', { name: 'Cancel' }));
    expect(currentPath()).toBe('/Home/MyProducts');
  });
});

describe('Update Product', () => {
  beforeEach(() => jest.useRealTimers());

  it('shows the product with its id, public key, Upgrade ID and Deprecated', async () => {
    renderCatalog('/Home/UpdateProduct/1', server());
    expect(screen.getByRole('heading', { name: 'Update Product 1' })).toBeInTheDocument();
    expect(await screen.findByLabelText(/^Name/)).toHaveValue('Aurora Reverb');
    expect(screen.getByLabelText('Public Key')).toHaveValue(reverb.public_key);
    expect(screen.getByLabelText('Public Key')).toHaveAttribute('readonly');
    expect(screen.getByLabelText(/^Upgrade ID/)).toHaveValue('rev-1');
    expect(screen.getByLabelText('Deprecated')).not.toBeChecked();
  });

  it("copies the public key and says 'Copied to clipboard!' for about a second", async () => {
    const { user } = renderCatalog('/Home/UpdateProduct/1', server());
    await screen.findByLabelText('Public Key');
    jest.useFakeTimers({ advanceTimers: true });
    await user.click(screen.getByRole('button', { name: 'Copy' }));
    await expect(navigator.clipboard.readText()).resolves.toBe(reverb.public_key);
    expect(screen.getByText('Copied to clipboard!')).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(1100));
    expect(screen.queryByText('Copied to clipboard!')).not.toBeInTheDocument();
    jest.useRealTimers();
  });

  it('sends every field, returns to My Products and confirms it with a link that opens the product again', async () => {
    const { user, calls, currentPath } = renderCatalog(
      '/Home/UpdateProduct/1',
      server((call) => (call.method === 'PATCH' ? reverb : page([]))),
    );
    const name = await screen.findByLabelText(/^Name/);
    await user.clear(name);
    await user.type(name, 'Aurora Reverb 2');
    await user.clear(screen.getByLabelText(/^Tagline/));
    await user.click(screen.getByLabelText('Deprecated'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(currentPath()).toBe('/Home/MyProducts'));
    expect(screen.getByText(`Product ${reverb.name} saved.`)).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: `Open ${reverb.name}` }));
    await waitFor(() => expect(currentPath()).toBe('/Home/UpdateProduct/1'));
    expect(screen.queryByText(`Product ${reverb.name} saved.`)).not.toBeInTheDocument();
    const patch = calls.find((call) => call.method === 'PATCH')!;
    expect(patch.path).toBe('/products/1');
    expect(patch.body).toMatchObject({
      id: 1,
      name: 'Aurora Reverb 2',
      tagline: '',
      deprecated: true,
      series: 'Studio',
      app_image: '',
      upgrade_id: 'rev-1',
      dependency_id: null,
    });
  });

  it('says so when the product cannot be loaded, instead of an empty form', async () => {
    const consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    renderCatalog('/Home/UpdateProduct/99', server());
    expect(await screen.findByRole('alert')).toHaveTextContent('This product could not be loaded.');
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    expect(within(document.body).getByRole('link', { name: 'Back to My Products' })).toHaveAttribute(
      'href',
      '/Home/MyProducts',
    );
    consoleError.mockRestore();
  });

  it('treats an address without a product id as not found, without calling the API for it', async () => {
    const { calls } = renderCatalog('/Home/UpdateProduct/abc', server());
    expect(await screen.findByRole('alert')).toHaveTextContent('This product could not be loaded.');
    expect(calls.some((call) => call.path.startsWith('/products/'))).toBe(false);
  });
});

describe('Machine Limit', () => {
  it('comes after every documented field, starts at 3 on a new product and explains itself', async () => {
    const { user } = renderCatalog('/Home/CreateProduct', server());
    const fields = screen
      .getAllByRole('textbox')
      .concat(screen.getAllByRole('combobox'), screen.getAllByRole('checkbox'));
    const machineLimit = screen.getByLabelText(/^Machine Limit/);
    for (const field of fields.filter((field) => field !== machineLimit)) {
      expect(field.compareDocumentPosition(machineLimit) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    }
    expect(machineLimit).toHaveValue('3');
    await user.click(screen.getByRole('button', { name: 'Help: Machine Limit' }));
    expect(
      await screen.findByText(
        'How many machines one license of this product may be activated on at once. Activating the same machine again does not count twice.',
      ),
    ).toBeInTheDocument();
  });

  it('refuses anything but a whole number from 1 to 1000 and sends nothing', async () => {
    const { user, calls } = renderCatalog('/Home/CreateProduct', server());
    await user.type(screen.getByLabelText(/^Name/), 'Vintage Keys');
    await user.type(screen.getByLabelText(/^Plugin Name/), 'VintageKeys');
    for (const typed of ['0', '1001', '2.5', 'five']) {
      await user.clear(screen.getByLabelText(/^Machine Limit/));
      await user.type(screen.getByLabelText(/^Machine Limit/), typed);
      await user.click(screen.getByRole('button', { name: 'Save' }));
      expect(screen.getByText('Machine Limit must be a whole number from 1 to 1000.')).toBeInTheDocument();
      expect(screen.getByLabelText(/^Machine Limit/)).toHaveAttribute('aria-invalid', 'true');
    }
    expect(calls.filter((call) => call.method !== 'GET')).toEqual([]);
  });

  it('sends the typed limit on create', async () => {
    const { user, calls, currentPath } = renderCatalog(
      '/Home/CreateProduct',
      server((call) => (call.method === 'POST' ? makeProduct({ id: 9 }) : page([]))),
    );
    await user.type(screen.getByLabelText(/^Name/), 'Vintage Keys');
    await user.type(screen.getByLabelText(/^Plugin Name/), 'VintageKeys');
    await user.clear(screen.getByLabelText(/^Machine Limit/));
    await user.type(screen.getByLabelText(/^Machine Limit/), '1000');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(currentPath()).toBe('/Home/MyProducts'));
    expect(calls.find((call) => call.method === 'POST')?.body).toMatchObject({ machine_limit: 1000 });
  });

  it("shows the product's limit and sends the changed one on update", async () => {
    const limited = makeProduct({ ...reverb, machine_limit: 7 });
    const { user, calls, currentPath } = renderCatalog(
      '/Home/UpdateProduct/1',
      server((call) => (call.method === 'PATCH' ? limited : page([]))),
    );
    await waitFor(() => expect(screen.getByLabelText(/^Name/)).toHaveValue('Aurora Reverb'));
    expect(screen.getByLabelText(/^Machine Limit/)).toHaveValue('3');
    await user.clear(screen.getByLabelText(/^Machine Limit/));
    await user.type(screen.getByLabelText(/^Machine Limit/), '7');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(currentPath()).toBe('/Home/MyProducts'));
    expect(calls.find((call) => call.method === 'PATCH')?.body).toMatchObject({ machine_limit: 7 });
  });
});
