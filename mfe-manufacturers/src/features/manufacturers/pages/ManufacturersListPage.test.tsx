import { screen, within } from '@testing-library/react';
import type { Manufacturer, Pagination } from 'shared-kit';
import type { InitialEntry } from 'react-router';
import {
  apiError,
  cellTexts,
  columnTitles,
  manufacturerSession,
  renderPage,
  superuserSession,
} from 'shared-kit/testing';
import type { RenderPageOptions, RecordedApiCall } from 'shared-kit/testing';
import ManufacturersRoutes from '../../../remote';
import { manufacturerFixture } from '../../../shared/test-support/manufacturer-fixture';

/** The area's routes under /Home, as the shell mounts them, opened at the last of `entries`. */
const renderArea = ({ entries, ...options }: RenderPageOptions & { entries: InitialEntry[] }) =>
  renderPage(<ManufacturersRoutes />, { ...options, url: entries, route: '/Home/*' });

const MANUFACTURERS: Manufacturer[] = Array.from({ length: 3 }, (_, index) =>
  manufacturerFixture({
    id: index + 1,
    name: `Maker ${index + 1}`,
    email: `maker${index + 1}@example.com`,
    country_code: index === 2 ? null : 'DE',
  }),
);

function pageOf(call: RecordedApiCall, total = 260): { data: Manufacturer[]; pagination: Pagination } {
  const page = Number(call.query?.page);
  const perPage = Number(call.query?.per_page);
  const last = Math.ceil(total / perPage);
  return {
    data: MANUFACTURERS,
    pagination: {
      records: { total, per_page: perPage },
      pages: { current: page, previous: page > 1 ? page - 1 : null, next: page < last ? page + 1 : null, last },
    },
  };
}

const listServer = (call: RecordedApiCall) => {
  if (call.method === 'GET' && call.path === '/manufacturers') return pageOf(call);
  const details = MANUFACTURERS.find(
    (manufacturer) => call.method === 'GET' && call.path === `/manufacturers/${manufacturer.id}`,
  );
  if (details) return details;
  throw apiError(404, 'Not found');
};

describe('manufacturers list', () => {
  it('shows ID, Name, Email, Country Code and a View Details link per manufacturer, first loading the default 100 per page', async () => {
    const { calls } = renderArea({ entries: ['/Home/Manufacturers'], session: superuserSession, server: listServer });
    expect(screen.getByRole('heading', { name: 'Manufacturers' })).toBeInTheDocument();
    expect(screen.getByText('Loading...')).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Manufacturers' });
    expect(calls).toEqual([{ method: 'GET', path: '/manufacturers', query: { page: 1, per_page: 100 } }]);

    expect(columnTitles(table)).toEqual(['ID', 'Name', 'Email', 'Country Code', 'Actions']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => cellTexts(row).slice(0, 4))).toEqual([
      ['1', 'Maker 1', 'maker1@example.com', 'DE'],
      ['2', 'Maker 2', 'maker2@example.com', 'DE'],
      ['3', 'Maker 3', 'maker3@example.com', ''],
    ]);
    expect(within(rows[1]).getByRole('link', { name: /^View Details/ })).toHaveAttribute(
      'href',
      '/Home/Manufacturers/2?returnTo=%2FHome%2FManufacturers',
    );
  });

  it('hides the search box and disables New Manufacturer', async () => {
    renderArea({ entries: ['/Home/Manufacturers'], session: superuserSession, server: listServer });
    await screen.findByRole('table', { name: 'Manufacturers' });
    expect(screen.queryByRole('search')).not.toBeInTheDocument();
    expect(screen.queryByRole('searchbox')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'New Manufacturer' })).toBeDisabled();
  });

  it('View Details opens the manufacturer, remembering the list to return to', async () => {
    const { user } = renderArea({ entries: ['/Home/Manufacturers'], session: superuserSession, server: listServer });
    await user.click(await screen.findByRole('link', { name: 'View Details of Maker 3' }));
    expect(screen.getByLabelText('Current location')).toHaveTextContent(
      '/Home/Manufacturers/3?returnTo=%2FHome%2FManufacturers',
    );
    expect(screen.getByRole('heading', { name: 'Manufacturer Details' })).toBeInTheDocument();
    expect(await screen.findByDisplayValue('Maker 3')).toBeInTheDocument();
  });

  it('pages: moving to another page and page size asks for it, and the page size resets to page 1', async () => {
    const { user, calls } = renderArea({
      entries: ['/Home/Manufacturers'],
      session: superuserSession,
      server: listServer,
    });
    await screen.findByRole('table', { name: 'Manufacturers' });
    expect(screen.getByText('260 records')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Page 3' }));
    expect(await screen.findByRole('button', { name: 'Page 3', current: 'page' })).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Per page'), '250');
    expect(await screen.findByRole('button', { name: 'Page 1', current: 'page' })).toBeInTheDocument();
    expect(calls.map((call) => call.query)).toEqual([
      { page: 1, per_page: 100 },
      { page: 3, per_page: 100 },
      { page: 1, per_page: 250 },
    ]);
  });

  it('says so when there are no manufacturers', async () => {
    renderArea({
      entries: ['/Home/Manufacturers'],
      session: superuserSession,
      server: (call) => ({ ...pageOf(call, 0), data: [] }),
    });
    expect(await screen.findByText('No manufacturers found.')).toBeInTheDocument();
  });

  it('logs a failed load and falls back to an empty list (docs/console.md, Lists)', async () => {
    const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    renderArea({
      entries: ['/Home/Manufacturers'],
      session: superuserSession,
      server: () => Promise.reject(apiError(503, 'The database is unavailable.')),
    });
    expect(await screen.findByText('No manufacturers found.')).toBeInTheDocument();
    expect(screen.getByText('0 records')).toBeInTheDocument();
    expect(logged).toHaveBeenCalledWith('Failed to load /manufacturers:', expect.objectContaining({ status: 503 }));
    logged.mockRestore();
  });

  it('denies a manufacturer user without asking the server (docs/console.md, Roles and access)', () => {
    const { calls } = renderArea({
      entries: ['/Home/Manufacturers'],
      session: manufacturerSession,
      server: listServer,
    });
    expect(screen.getByRole('heading', { name: 'Manufacturers' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Access denied. Superuser privileges required.');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it('shows the access message when the server refuses the list', async () => {
    const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    renderArea({
      entries: ['/Home/Manufacturers'],
      session: null,
      server: () => Promise.reject(apiError(403, 'Access denied. Superuser privileges required.')),
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('Access denied. Superuser privileges required.');
    logged.mockRestore();
  });
});
