import { screen, waitFor, within } from '@testing-library/react';
import {
  apiError,
  cellTexts,
  columnTitles,
  linkTargets,
  notFound,
  page,
  type RecordedApiCall,
} from 'shared-kit/testing';
import { renderCatalog } from '../../../shared/test-support/render-catalog';
import { makeProduct } from '../../../shared/test-support/fixtures';

const reverb = makeProduct({
  id: 1,
  name: 'Aurora Reverb',
  identifier: 'com.aurora.reverb',
  series: 'Studio',
  type: 'Full',
});
const keys = makeProduct({ id: 3, name: 'Vintage Keys & Co', identifier: null, series: null, type: 'ContentOnly' });

function productsServer(answer: (call: RecordedApiCall) => unknown = () => page([reverb, keys], { total: 2 })) {
  return (call: RecordedApiCall) =>
    call.method === 'GET' && call.path === '/products' ? answer(call) : Promise.reject(notFound(call));
}

describe('My Products', () => {
  it('shows the products with the documented columns, loading 25 rows first', async () => {
    const { calls } = renderCatalog('/Home/MyProducts', productsServer());
    expect(screen.getByRole('heading', { name: 'My Products' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Products' });
    expect(columnTitles(table)).toEqual(['ID', 'Identifier', 'Name', 'Series', 'Type', 'Actions']);
    const rows = await within(table).findAllByRole('row');
    expect(cellTexts(rows[1]).slice(0, 5)).toEqual(['1', 'com.aurora.reverb', 'Aurora Reverb', 'Studio', 'Full']);
    expect(calls[0]).toEqual({ method: 'GET', path: '/products', query: { identifier: '', page: 1, per_page: 25 } });
  });

  it('links each row to edit, builds, releases, and to the licensing remote for licences and trials', async () => {
    renderCatalog('/Home/MyProducts', productsServer());
    await screen.findByRole('link', { name: 'Edit Aurora Reverb' });
    const links = {
      'Edit Aurora Reverb': '/Home/UpdateProduct/1',
      'Builds of Aurora Reverb': '/Home/ProductBuilds/1',
      'Releases of Aurora Reverb': '/Home/ProductReleases/1',
      'Licenses of Aurora Reverb': '/Home/ProductLicenses/1/Aurora%20Reverb/com.aurora.reverb',
      'Trials of Aurora Reverb': '/Home/ProductTrials/1/Aurora%20Reverb',
      'Licenses of Vintage Keys & Co': '/Home/ProductLicenses/3/Vintage%20Keys%20%26%20Co/none',
      'Trials of Vintage Keys & Co': '/Home/ProductTrials/3/Vintage%20Keys%20%26%20Co',
    };
    expect(linkTargets(links)).toEqual(links);
  });

  it('goes to the create page with New Product', async () => {
    const { user, currentPath } = renderCatalog('/Home/MyProducts', productsServer());
    await user.click(screen.getByRole('link', { name: 'New Product' }));
    expect(currentPath()).toBe('/Home/CreateProduct');
  });

  it('searches by identifier from page 1 and remembers the list state for the path', async () => {
    const { user, calls, listStates } = renderCatalog('/Home/MyProducts', productsServer());
    await screen.findByRole('link', { name: 'Edit Aurora Reverb' });
    await user.type(screen.getByRole('searchbox', { name: 'Search Product by Identifier' }), 'reverb');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(calls[calls.length - 1].query).toEqual({ identifier: 'reverb', page: 1, per_page: 25 }));
    expect(listStates.get('/Home/MyProducts')).toEqual({ page: 1, perPage: 25, search: 'reverb' });
  });

  it('exports the searched list: Export CSV asks for the whole list with the current search', async () => {
    URL.createObjectURL = jest.fn(() => 'blob:products');
    URL.revokeObjectURL = jest.fn();
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const csv = new TextEncoder().encode('ID,Identifier\r\n1,com.aurora.reverb\r\n');
    const exportAnswer = () => {
      let sent = false;
      const reader = {
        read: async () => (sent ? { done: true, value: undefined } : ((sent = true), { done: false, value: csv })),
      };
      return {
        ok: true,
        status: 200,
        headers: { get: () => 'attachment; filename="products-2026-11-23.csv"' },
        body: { getReader: () => reader },
      };
    };
    const { user, calls } = renderCatalog('/Home/MyProducts', (call) =>
      call.path === '/products/export.csv' ? exportAnswer() : productsServer()(call),
    );
    await screen.findByRole('link', { name: 'Edit Aurora Reverb' });
    await user.type(screen.getByRole('searchbox', { name: 'Search Product by Identifier' }), 'reverb');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(await screen.findByText('Exported 1 row.')).toBeInTheDocument();
    expect(calls.filter((call) => call.path === '/products/export.csv')).toEqual([
      { method: 'GET', path: '/products/export.csv', query: { identifier: 'reverb' } },
    ]);
    expect(click).toHaveBeenCalledTimes(1);
    click.mockRestore();
  });

  it('pages through the products', async () => {
    const { user, calls } = renderCatalog(
      '/Home/MyProducts',
      productsServer((call) => page([reverb], { total: 60, current: Number(call.query?.page) })),
    );
    await user.click(await screen.findByRole('button', { name: 'Page 3' }));
    await waitFor(() => expect(calls[calls.length - 1].query).toMatchObject({ page: 3, per_page: 25 }));
    await user.selectOptions(screen.getByLabelText('Per page'), '100');
    await waitFor(() => expect(calls[calls.length - 1].query).toMatchObject({ page: 1, per_page: 100 }));
  });

  it('says so when there are no products, and when they could not be loaded', async () => {
    const empty = renderCatalog(
      '/Home/MyProducts',
      productsServer(() => page([])),
    );
    expect(await screen.findByText('No products yet.')).toBeInTheDocument();
    empty.unmount();
    const consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    renderCatalog(
      '/Home/MyProducts',
      productsServer(() => Promise.reject(apiError(500, 'Internal server error. Please try again.'))),
    );
    expect(await screen.findByText('Products could not be loaded. Please try again.')).toBeInTheDocument();
    expect(screen.getByText('0 records')).toBeInTheDocument();
    expect(consoleError).toHaveBeenCalled();
    consoleError.mockRestore();
  });
});
